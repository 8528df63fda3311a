/** The latest happenings on the map (the side column, or the players sheet on phones): follow the bots at a glance. */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import { Paper, Text } from '@mantine/core';
import { memo } from 'react';
import { countryLabel } from '../../art/art';
import { EmblemDot } from '../../art/Emblem';
import type { FeedEntry } from '../feed';

export const FeedPanel = memo(function FeedPanel({ feed }: { feed: readonly FeedEntry[] }) {
  if (feed.length === 0) return null;
  return (
    <Paper className="fb-feed" radius="md" p="xs" withBorder aria-label="Latest events">
      <ol>
        {feed.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one event can bring several lines: seq and index together name a line
          <li key={`${e.seq}-${i}`}>
            {e.country !== null ? <EmblemDot country={e.country} size={14} /> : <span className="fb-feed-dot" />}
            <Text size="xs" span>
              {e.country !== null ? (
                <Text span fw={700} c={COUNTRY_COLOURS[e.country]} size="xs">
                  {countryLabel(e.country)}{' '}
                </Text>
              ) : null}
              {e.text}
            </Text>
          </li>
        ))}
      </ol>
    </Paper>
  );
});
