import { memo } from 'react';
import { paragraphsOf, tokenize, type Token } from '../utils/message-format.ts';

function TokenView({ token }: { token: Token }) {
  switch (token.kind) {
    case 'mention':
      return <span className="cw-mention">@{token.name}</span>;
    case 'link':
      return (
        <a href={token.href} target="_blank" rel="noreferrer noopener">
          {token.text}
        </a>
      );
    case 'strong':
      return <strong>{token.text}</strong>;
    case 'em':
      return <em>{token.text}</em>;
    case 'code':
      return <code>{token.text}</code>;
    default:
      return <>{token.text}</>;
  }
}

/** A message's text: paragraphs, line breaks, emphasis, code, links and mentions (no HTML from the message). */
export const MessageContent = memo(function MessageContent({ content }: { content: string }) {
  return (
    <div className="cw-message__text" dir="auto">
      {paragraphsOf(content).map((lines, p) => (
        <p key={p}>
          {lines.map((line, l) => (
            <span key={l}>
              {l > 0 ? <br /> : null}
              {tokenize(line).map((token, i) => (
                <TokenView key={i} token={token} />
              ))}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
});
