/**
 * Whether opening another game (a save, a new game) would lose the offline game in progress, and the
 * words that say what would be lost. Pure: the caller reads the session and the saves.
 */
import { isGameOver, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import { countryLabel } from '../art/art';
import { controlledHere } from '../game/seats';

/** What the decision needs of the game in progress (a `GameSession` and its snapshot fit). */
export interface CurrentGame {
  readonly online: boolean;
  readonly playerId: string;
  readonly snapshot: {
    readonly events: readonly LobbyEvent[];
    readonly lobby: LobbyState;
    readonly outcome: 'win' | 'lost' | null;
  };
}

/** The game that opening another would replace: its turn and the countries this device plays. */
export interface GameAtRisk {
  readonly turn: number;
  readonly countries: readonly number[];
}

/** What is about to replace the game in progress. */
export type Replacement = { readonly kind: 'load'; readonly name: string } | { readonly kind: 'new' };

/**
 * Equal JSON values, whatever the order of their keys (an imported save's events come back in the
 * order of the file's schema); an absent key and an undefined one are the same.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((x, i) => sameValue(x, bs[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!sameValue(ao[k], bo[k])) return false;
  return true;
}

/** Whether `log` starts with every event of `events` (so keeping `log` keeps `events`). */
export function startsWith(log: readonly LobbyEvent[], events: readonly LobbyEvent[]): boolean {
  if (log.length < events.length) return false;
  // From the end: a log that differs mostly differs in its latest events.
  for (let i = events.length - 1; i >= 0; i--) if (!sameValue(log[i], events[i])) return false;
  return true;
}

/**
 * The game that would be lost, or null when nothing would: no game, an online game (the server keeps
 * it), a game that is over for this device, or one whose whole log is already kept in `keptLogs` (the
 * save being loaded, the save it was last saved to).
 */
export function gameAtRisk(
  current: CurrentGame | null,
  keptLogs: readonly (readonly LobbyEvent[])[] = [],
): GameAtRisk | null {
  if (!current || current.online) return null;
  const { events, lobby, outcome } = current.snapshot;
  if (!lobby.game.running || isGameOver(lobby.game) || outcome !== null) return null;
  if (keptLogs.some((log) => startsWith(log, events))) return null;
  const countries = lobby.players.filter((p) => controlledHere(p, current.playerId)).map((p) => p.country);
  return { turn: lobby.game.turn.count, countries };
}

const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** "A game is in progress (turn 14, you are Green). Loading “X” replaces it." */
export function replaceMessage(risk: GameAtRisk, replacement: Replacement): string {
  const who = risk.countries.length > 0 ? `you are ${listed(risk.countries.map(countryLabel))}` : 'bots only';
  const what = replacement.kind === 'load' ? `Loading “${replacement.name}”` : 'Starting a new game';
  return `A game is in progress (turn ${risk.turn}, ${who}). ${what} replaces it.`;
}
