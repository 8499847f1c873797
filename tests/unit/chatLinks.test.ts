import { describe, expect, it } from 'vitest';
import { splitLinks } from '../../domain/chat/links';

describe('chat links', () => {
  it('turns http(s) URLs into links and leaves the rest as text', () => {
    expect(splitLinks('see https://example.com/a?b=1, ok')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', ok' },
    ]);
  });

  it('keeps javascript:, data: and HTML as inert text', () => {
    for (const evil of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '<script>alert(1)</script>']) {
      expect(splitLinks(evil)).toEqual([{ kind: 'text', text: evil }]);
    }
    expect(splitLinks('http://x.com"onmouseover=alert(1)')[0]).toEqual({ kind: 'link', text: 'http://x.com', href: 'http://x.com' });
  });
});
