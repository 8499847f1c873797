import { groupThousands } from '../../../domain/format';

export type AmountTone = 'up' | 'down' | 'flat';

/**
 * A balance change as the API wrote it, for display: the sign is read from the text (a leading
 * "-" is a decrease), never computed; increases get a "+", zero stays plain.
 */
export function signedAmount(value: string): { text: string; tone: AmountTone } {
  const text = value.trim();
  if (text.startsWith('-')) return { text: groupThousands(text), tone: 'down' };
  const body = text.startsWith('+') ? text.slice(1) : text;
  if (/^0*(\.0*)?$/.test(body)) return { text: groupThousands(body || '0'), tone: 'flat' };
  return { text: `+${groupThousands(body)}`, tone: 'up' };
}
