/**
 * "Since your turn" on the game screen: when a turn of a country played on this device begins (each
 * hot-seat player their own), the report of what happened to it since its last pass
 * (game/since-your-turn.ts), and the tiles to mark on the board until the player acts or puts the card away.
 */
import type { PlayableCountry } from '@four-banners/engine';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameSession, SessionSnapshot } from '../game/session';
import {
  actionOf,
  changedTiles,
  sinceYourTurn,
  type ChangedTile,
  type Checkpoint,
  type SinceReport,
} from '../game/since-your-turn';

export interface SinceView {
  /** Names the turn the report belongs to (country and turn count). */
  readonly key: string;
  readonly report: SinceReport;
  /** The tiles to mark: none once the player has acted this turn or put the card away. */
  readonly marks: readonly ChangedTile[];
  /** Whether the player has acted since the turn began. */
  readonly acted: boolean;
  readonly dismissed: boolean;
  readonly dismiss: () => void;
}

const NO_MARKS: readonly ChangedTile[] = [];

/** Whether `country` has acted in `events` after seq `after`. */
function actedSince(events: SessionSnapshot['events'], after: number, country: PlayableCountry): boolean {
  for (let i = events.length - 1; i >= 0 && events[i]!.seq > after; i--) if (actionOf(events[i]!, country)) return true;
  return false;
}

export function useSinceYourTurn(session: GameSession | null, snap: SessionSnapshot | null): SinceView | null {
  // The game right after each country's pass, as the session showed it: the report then folds only the
  // events since (without it, after a reload, it folds the log up to the pass once).
  const checkpoints = useRef(new Map<PlayableCountry, Checkpoint>());
  useEffect(() => {
    checkpoints.current = new Map();
    if (!session) return;
    return session.subscribe(() => {
      for (const { event, after } of session.getSnapshot().shown?.actions ?? []) {
        if (event.payload.id === 'next_turn')
          checkpoints.current.set(event.payload.info.country, { seq: event.seq, game: after });
      }
    });
  }, [session]);

  const active = snap?.active ?? null;
  const key = snap && active !== null ? `${active}:${snap.lobby.game.turn.count}` : null;
  // One report per turn, made when it begins.
  const made = useRef<{ key: string; report: SinceReport | null } | null>(null);
  if (key === null) made.current = null;
  else if (snap && active !== null && made.current?.key !== key) {
    const report = sinceYourTurn({ base: snap.base, events: snap.events }, active, checkpoints.current.get(active));
    made.current = { key, report };
  }
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);

  const report = made.current?.report ?? null;
  const dismissed = key !== null && dismissedKey === key;
  const acted = snap && report && active !== null ? actedSince(snap.events, report.toSeq, active) : false;
  const width = snap?.lobby.game.width ?? 0;
  const marks = useMemo(
    () => (report && !dismissed && !acted ? changedTiles(report, width) : NO_MARKS),
    [report, dismissed, acted, width],
  );
  if (key === null || !report) return null;
  return { key, report, marks, acted, dismissed, dismiss: () => setDismissedKey(key) };
}
