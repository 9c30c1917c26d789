import { Fragment } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]}'"]/g;

/** Text as written: its line breaks kept and its http(s) addresses as links that open elsewhere. */
export function LinkifiedText({ text }: { text: string }) {
  const parts: { text: string; link: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), link: false });
    parts.push({ text: match[0], link: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), link: false });
  return (
    <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="chat-text">
      {parts.map((part, index) =>
        part.link ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <a key={index} href={part.text} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}
