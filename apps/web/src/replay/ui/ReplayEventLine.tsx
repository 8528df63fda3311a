/** The event at the replay's position in words, countries in their colours, then what followed from it. */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import { memo } from 'react';
import { countryLabel } from '../../art/art';
import { EmblemDot } from '../../art/Emblem';
import type { EventTone, EventWords } from '../describe-event';

/** A glyph per kind of event, so a scan down the feed finds fights and turns at a glance. */
const TONE_MARK: Record<EventTone, string> = {
  lobby: '•',
  chat: '✎',
  start: '▶',
  turn: '↻',
  move: '→',
  banner: '⚑',
  fight: '⚔',
  end: '★',
};

export const ReplayEventLine = memo(function ReplayEventLine({
  words,
  announce,
}: {
  words: EventWords;
  announce: boolean;
}) {
  return (
    <p
      className="fb-rv-event"
      data-testid="replay-event-line"
      data-tone={words.tone}
      aria-live={announce ? 'polite' : 'off'}
      aria-atomic
    >
      <span className="fb-rv-event-mark" data-tone={words.tone} aria-hidden>
        {words.country !== null ? <EmblemDot country={words.country} size={18} /> : TONE_MARK[words.tone]}
      </span>
      <span className="fb-rv-event-text" data-testid="replay-event">
        {words.parts.map((p, i) =>
          typeof p === 'string' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of one event are fixed: the index is the word's place
            <span key={i}>{p}</span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of one event are fixed: the index is the word's place
            <b key={i} style={{ color: COUNTRY_COLOURS[p.country] }}>
              {countryLabel(p.country)}
            </b>
          ),
        )}
        {words.news.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the news of one event are fixed: the index is the line's place
          <span key={`n${i}`} className="fb-rv-event-news">
            {' · '}
            {n.country !== null ? (
              <b style={{ color: COUNTRY_COLOURS[n.country] }}>{countryLabel(n.country)} </b>
            ) : null}
            {n.text}
          </span>
        ))}
      </span>
    </p>
  );
});
