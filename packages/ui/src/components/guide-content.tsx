import type { GuideItem } from '@city/survey-core';
import { Fragment } from 'react';

// ASCII only, so Japanese text and full-width brackets after an address are not swallowed;
// trailing punctuation is not part of it either.
const URL_PATTERN = /(https:\/\/[\x21-\x7E]*[A-Za-z0-9/#=_-])/g;

/**
 * A guide's text, shown read-only. Rendered as text, never as HTML: blank lines make paragraphs,
 * line breaks stay, and https:// addresses become links (opening outside the form).
 */
export function GuideContent({ item }: { item: GuideItem }) {
  const paragraphs = (item.description ?? '').split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <section className="city-guide" aria-label={item.title}>
      <h2 className="city-guide__title">{item.title}</h2>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          {paragraph.split('\n').map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              {line.split(URL_PATTERN).map((part, partIndex) =>
                partIndex % 2 === 1 ? (
                  <a key={partIndex} href={part} target="_blank" rel="noopener noreferrer">
                    {part}
                  </a>
                ) : (
                  part
                ),
              )}
            </Fragment>
          ))}
        </p>
      ))}
    </section>
  );
}
