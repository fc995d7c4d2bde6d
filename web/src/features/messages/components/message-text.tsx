import { Fragment, memo, type ReactNode } from 'react';
import { parseMarkers, type Segment } from '../lib/markers';

function render(segments: Segment[], prefix: string): ReactNode[] {
  return segments.map((s, i) => {
    const key = `${prefix}${i}`;
    switch (s.kind) {
      case 'text':
        return <Fragment key={key}>{s.text}</Fragment>;
      case 'link':
        return (
          <a key={key} href={s.href} target="_blank" rel="noopener noreferrer nofollow" className="chat-link">
            {s.text}
          </a>
        );
      case 'bold':
        return <strong key={key}>{render(s.children, `${key}.`)}</strong>;
      case 'strike':
        return <s key={key}>{render(s.children, `${key}.`)}</s>;
    }
  });
}

/** A message's text: *bold*, ~strike~ and links; never HTML (spec 1 §2, BEHAVIOUR.md "Security defaults"). */
export const MessageText = memo(function MessageText({ text, className }: { text: string; className?: string }) {
  return <span className={className ?? 'chat-text'}>{render(parseMarkers(text), '')}</span>;
});
