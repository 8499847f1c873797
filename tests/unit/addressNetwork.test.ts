import { describe, expect, it } from 'vitest';
import { addressNetwork } from '../../domain/targets/networks';

describe('addressNetwork: the network an address belongs to, from its format', () => {
  it('names the deposit networks by the same names', () => {
    expect(addressNetwork('USDT', 'TXk3vR7yQm2Lp8WcN4dFh6Gs9JbZaEu5Ko')).toBe('TRC20');
    expect(addressNetwork('USDT', '0x4B7c1E92a3fD60e58C7b2a19F4dE03c6A8b95F21')).toBe('ERC20');
    expect(addressNetwork('ETH', '0x4B7c1E92a3fD60e58C7b2a19F4dE03c6A8b95F21')).toBe('ERC20');
    expect(addressNetwork('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('BTC');
    expect(addressNetwork('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('BTC');
    expect(addressNetwork('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('BTC');
  });

  it('says nothing when the format does not fit the coin', () => {
    expect(addressNetwork('BTC', '0x4B7c1E92a3fD60e58C7b2a19F4dE03c6A8b95F21')).toBeNull();
    expect(addressNetwork('ETH', 'TXk3vR7yQm2Lp8WcN4dFh6Gs9JbZaEu5Ko')).toBeNull();
    expect(addressNetwork('USDT', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeNull();
    expect(addressNetwork('USDT', '0x4B7c1E92a3fD60e58C7b2a19F4dE03c6A8b95F2')).toBeNull();
    expect(addressNetwork('USDT', 'TXk3vR7yQm2Lp8WcN4dFh6Gs9JbZaEu5K0')).toBeNull();
    expect(addressNetwork('LTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea')).toBeNull();
  });
});
