/**
 * Narrow screens: a bar under the board with every country's emblem and land (the leaderboard at a
 * glance) that opens into a sheet over the board's lower part with the full players panel and the latest
 * events; beside it, on phones, the zoom buttons the header has no room for.
 */
import { COUNTRY_COLOURS, type LobbyState } from '@four-banners/engine';
import { Group } from '@mantine/core';
import { useId, useMemo, useState, type CSSProperties, type RefObject } from 'react';
import { EmblemDot } from '../../art/Emblem';
import type { BoardHandle } from '../../board/Board';
import type { FeedEntry } from '../feed';
import { countCountries } from '../country-counts';
import { FeedPanel } from './FeedPanel';
import { PlayersPanel, countryRows } from './PlayersPanel';
import type { ClockView } from './turn-clock';
import { ZoomControls } from './ZoomControls';

interface Props {
  readonly lobby: LobbyState;
  readonly presence?: Readonly<Record<string, boolean>>;
  readonly me?: string;
  readonly feed: readonly FeedEntry[];
  readonly board: RefObject<BoardHandle | null>;
  readonly clock?: ClockView | null;
}

export function PlayersDock({ lobby, presence, me, feed, board, clock }: Props) {
  const [open, setOpen] = useState(false);
  const sheetId = useId();
  const counts = useMemo(() => countCountries(lobby.game), [lobby.game]);
  const rows = countryRows(lobby, counts, presence, me, clock);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles up from the sheet's own button and links; the div itself takes no focus
    <div
      className="fb-dock"
      data-testid="players-dock"
      // Escape puts the sheet away while the focus is on its button or in it.
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
      }}
    >
      <button
        type="button"
        className="fb-dock-players"
        aria-label="Players"
        aria-expanded={open}
        aria-controls={open ? sheetId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="players-toggle"
      >
        <span className="fb-dock-label">Players</span>
        <span className="fb-dock-chips" aria-hidden>
          {rows.map((r) => (
            <span
              key={r.country}
              className="fb-dock-chip"
              data-turn={r.status === 'Their turn' || r.status === 'Your turn' || r.status === 'Winner' || undefined}
              data-out={r.status === 'Out' || undefined}
              data-warning={r.clockWarning || undefined}
              style={{ '--fb-country': COUNTRY_COLOURS[r.country] } as CSSProperties}
            >
              <EmblemDot country={r.country} size={15} />
              {r.clock ?? r.land}
            </span>
          ))}
        </span>
        <svg className="fb-dock-chevron" width={14} height={14} viewBox="0 0 24 24" aria-hidden>
          <path
            d="M6 15l6-6 6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open ? (
        <div className="fb-sheet" id={sheetId} data-testid="players-sheet">
          <PlayersPanel lobby={lobby} presence={presence} me={me} clock={clock} />
          <FeedPanel feed={feed} />
        </div>
      ) : null}
      <Group gap={4} wrap="nowrap" hiddenFrom="sm" className="fb-dock-zoom" data-testid="dock-zoom">
        <ZoomControls board={board} />
      </Group>
    </div>
  );
}
