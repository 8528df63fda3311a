/**
 * The events of turn clocks and absent players (PROTOCOL §4.8), added to a `Draft` the caller commits:
 * a turn whose clock ran out, a person marked away (with the admin role handed on), a person back. Pure:
 * the caller decides when, on the lobby's current state with its lock held.
 */
import { SERVER_ACTOR, playerOfCountry, whoseTurn, type AwayReason, type Player } from '@four-banners/engine';
import { newSeed } from '../../common/ids.js';
import { isHuman } from '../core/lobby-cache.js';
import type { Draft } from '../core/lobby.store.js';

/** How many clocks run out in a row mark a person away. */
export const TIMEOUTS_BEFORE_AWAY = 2;

/** The person whose country is to move, if a person (not a bot, not a hot-seat player) holds it. */
export function personToMove(draft: Pick<Draft, 'current'>): Player | undefined {
  const state = draft.current;
  const country = whoseTurn(state.game);
  const seat = country === null ? undefined : playerOfCountry(state, country);
  return seat && isHuman(seat) ? seat : undefined;
}

/**
 * Marks `playerId` away; when they were the admin, the next seated person (seat order) who is not away
 * becomes admin, as leaving does (if nobody is present, the admin stays).
 */
export function addAway(draft: Draft, playerId: string, reason: AwayReason): void {
  draft.add({ kind: 'player-away', actor: SERVER_ACTOR, seed: null, payload: { playerId, reason } });
  const state = draft.current;
  if (state.adminId !== playerId) return;
  const next = state.players.find((p) => isHuman(p) && p.away === undefined);
  if (next) draft.add({ kind: 'lobby-updated', actor: SERVER_ACTOR, seed: null, payload: { adminId: next.id } });
}

/**
 * The clock ran out on `seat`'s turn: `turn-timeout`, then (the second in a row) `player-away`, then the
 * server's `next_turn` for the country. Returns whether the person was marked away.
 */
export function addTimeout(draft: Draft, seat: Player): boolean {
  const country = whoseTurn(draft.current.game);
  if (country === null || seat.country !== country) throw new Error(`turn-timeout: not ${seat.id}'s turn`);
  const playerId = seat.id;
  draft.add({ kind: 'turn-timeout', actor: SERVER_ACTOR, seed: null, payload: { country, playerId } });
  const missed = draft.current.players.find((p) => p.id === playerId)?.missed ?? 0;
  const away = missed >= TIMEOUTS_BEFORE_AWAY;
  if (away) addAway(draft, playerId, 'timeouts');
  draft.add({
    kind: 'game-action',
    actor: SERVER_ACTOR,
    seed: newSeed(),
    payload: { id: 'next_turn', info: { country } },
  });
  return away;
}
