/**
 * "Since your turn" on the game screen: when a turn of a country played on this device begins (each
 * hot-seat player their own), the report of what happened to it since its last pass
 * (game/since-your-turn.ts), and the tiles to mark on the board until the player acts or puts the card away.
 */
import type { LobbyEvent, PlayableCountry } from '@four-banners/engine';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { GameSession, SessionSnapshot } from '../session';
import {
  actionOf,
  changedTiles,
  earlierLogNeeded,
  sinceYourTurn,
  type ChangedTile,
  type Checkpoint,
  type SinceReport,
} from '../since-your-turn';

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

/**
 * Fetches a game's events through seq `through` (an online game's log from the server), for a report whose
 * pass lies before the full state the session started from.
 */
export type EarlierLog = (lobbyId: string, through: number, signal: AbortSignal) => Promise<readonly LobbyEvent[]>;

interface Missing {
  readonly through: number;
  readonly events: readonly LobbyEvent[];
}

const NO_MARKS: readonly ChangedTile[] = [];

/** Whether `country` has acted in `events` after seq `after`. */
function actedSince(events: SessionSnapshot['events'], after: number, country: PlayableCountry): boolean {
  for (let i = events.length - 1; i >= 0 && events[i]!.seq > after; i--) if (actionOf(events[i]!, country)) return true;
  return false;
}

/**
 * `earlierLog` completes a window that begins after the country's last pass (an online game rejoined from
 * a snapshot, PROTOCOL §5.2): the report is then made, once, when those events arrive.
 */
export function useSinceYourTurn(
  session: GameSession | null,
  snap: SessionSnapshot | null,
  earlierLog?: EarlierLog,
): SinceView | null {
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
  // One report per turn, made when it begins. `missing`: the seq through which earlier events are needed
  // first, and the window's events they continue into.
  const made = useRef<{ key: string; report: SinceReport | null; missing: Missing | null } | null>(null);
  if (key === null) made.current = null;
  else if (snap && active !== null && made.current?.key !== key) {
    const held = { base: snap.base, events: snap.events };
    const report = sinceYourTurn(held, active, checkpoints.current.get(active));
    const through = report ? null : earlierLogNeeded(held, active);
    made.current = { key, report, missing: through === null ? null : { through, events: snap.events } };
  }
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const missing = earlierLog ? (made.current?.missing ?? null) : null;
  const lobbyId = snap?.lobby.lobbyId;
  useEffect(() => {
    if (!missing || key === null || active === null || !earlierLog || !lobbyId) return;
    const abort = new AbortController();
    earlierLog(lobbyId, missing.through, abort.signal).then(
      (earlier) => {
        if (abort.signal.aborted || made.current?.key !== key) return;
        // The earlier events end where the window begins: together they are the log from its start.
        const events = [...earlier.filter((e) => e.seq <= missing.through), ...missing.events];
        made.current = { key, report: sinceYourTurn({ base: null, events }, active), missing: null };
        arrived();
      },
      () => undefined, // no report rather than a wrong one; the next turn's window holds the pass
    );
    return () => abort.abort();
  }, [missing, key, active, earlierLog, lobbyId]);
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
