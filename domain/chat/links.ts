/**
 * Splits a chat message into plain text and http(s) links, so the page renders each part as a
 * React text node or an `<a>` (never HTML). Any other scheme (`javascript:`, `data:`) stays text.
 */
export type ChatPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /[.,;:!?)\]}]+$/;

export function splitLinks(text: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const start = match.index;
    // The pattern only matches http:// and https://, so the link's target is the text itself.
    const href = raw;
    if (!/^https?:\/\/[^/?#\s]+/i.test(raw)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
