export type AmountTone = 'up' | 'down' | 'flat';

/**
 * A balance change as the API wrote it, for display: the sign is read from the text (a leading
 * "-" is a decrease), never computed; increases get a "+", zero stays plain. `format` writes the
 * unsigned amount (the coin's precision, the language's separators).
 */
export function signedAmount(value: string, format: (unsigned: string) => string): { text: string; tone: AmountTone } {
  const text = value.trim();
  if (text.startsWith('-')) return { text: `-${format(text.slice(1))}`, tone: 'down' };
  const body = text.startsWith('+') ? text.slice(1) : text;
  if (/^0*(\.0*)?$/.test(body)) return { text: format('0'), tone: 'flat' };
  return { text: `+${format(body)}`, tone: 'up' };
}
