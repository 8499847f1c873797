import { splitLinks } from '../../../domain/chat/links';

/**
 * A message's text as React text nodes, with its http(s) links as safe links (a new tab, no
 * opener, no referrer, no follow). Never HTML: `<script>` shows as the characters it is.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" data-testid="chat-link">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}
