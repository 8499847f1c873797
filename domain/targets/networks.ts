/**
 * The network a withdrawal address belongs to, read from its format, as exchanges show it beside
 * a saved address ("TRC20", "ERC20", "BTC"): the same names as the deposit networks
 * (server/funds/fundsConfig.ts). Null when the format says nothing certain; nothing is refused
 * for it (the saved-address rule stays the contract's).
 */
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const FORMATS: { network: string; fits: (currency: string) => boolean; pattern: RegExp }[] = [
  { network: 'BTC', fits: (c) => c === 'BTC', pattern: new RegExp(`^(bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`) },
  // An Ethereum address: ETH itself and any ERC-20 token, USDT included (not bitcoin).
  { network: 'ERC20', fits: (c) => c !== 'BTC', pattern: /^0x[0-9a-fA-F]{40}$/ },
  { network: 'TRC20', fits: (c) => c === 'USDT', pattern: new RegExp(`^T${BASE58}{33}$`) },
];

export function addressNetwork(currency: string, address: string): string | null {
  const found = FORMATS.find((f) => f.fits(currency) && f.pattern.test(address));
  return found?.network ?? null;
}
