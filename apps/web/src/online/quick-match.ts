/**
 * Quick match on the client (PROTOCOL §4.7): the person's last choice (2 or 4 players, a map size or
 * any), kept on this device so "Quick match again" asks the same; and what the waiting view shows of a
 * waiting quick-match lobby — who is there, the seats left and the countdown to its start with bots.
 */
import { QUICK_SEATS, type LobbyState, type Player, type QuickSeats } from '@four-banners/engine';
import type { QuickSize } from '@four-banners/protocol';
import { formatClock } from './server-clock';

/** The protocol's `QUICK_SIZES` (a value import would pull zod into the first bundle; the type keeps them equal). */
export const QUICK_MAP_SIDES: readonly QuickSize[] = [10, 16, 24];

export interface QuickChoice {
  readonly seats: QuickSeats;
  /** The map side, or null for any. */
  readonly size: QuickSize | null;
}

export const DEFAULT_QUICK_CHOICE: QuickChoice = { seats: 2, size: null };
const KEY = 'quick-match-choice';

/** The choice this device made last (the default when none, or when what is stored makes no sense). */
export function readQuickChoice(): QuickChoice {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<QuickChoice> | null;
    const seats = (QUICK_SEATS as readonly unknown[]).includes(raw?.seats) ? (raw!.seats as QuickSeats) : 2;
    const size = (QUICK_MAP_SIDES as readonly unknown[]).includes(raw?.size) ? (raw!.size as QuickSize) : null;
    return { seats, size };
  } catch {
    return DEFAULT_QUICK_CHOICE;
  }
}

export function saveQuickChoice(choice: QuickChoice): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

/** What the waiting view shows. */
export interface Waiting {
  /** The people seated, in seat order. */
  readonly people: readonly Player[];
  /** Seats still free before the match starts by itself. */
  readonly seatsLeft: number;
  /**
   * `alone`: one person, who waits on (or plays with bots now); `starting`: two or more, the server starts
   * with bots in the empty seats when the countdown ends; `due`: the countdown is over, the start is coming.
   */
  readonly phase: 'alone' | 'starting' | 'due';
  /** The countdown's words ("Starting with bots in 0:32"), or "Waiting for another player…". */
  readonly line: string;
}

/** The waiting view of a quick-match lobby `lobby` at server time `serverNow` (ms); null when it is not one waiting. */
export function waitingView(lobby: LobbyState, serverNow: number): Waiting | null {
  const quick = lobby.settings.quick;
  if (!quick || lobby.game.running) return null;
  const people = lobby.players.filter((p) => !p.bot && !p.local);
  const seatsLeft = Math.max(0, quick.seats - people.length);
  if (people.length < 2) return { people, seatsLeft, phase: 'alone', line: 'Waiting for another player…' };
  const left = Date.parse(quick.startBy) - serverNow;
  if (!(left > 0)) return { people, seatsLeft, phase: 'due', line: 'Starting now…' };
  return { people, seatsLeft, phase: 'starting', line: `Starting with bots in ${formatClock(left)}` };
}
