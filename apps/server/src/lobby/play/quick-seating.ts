/**
 * How a quick-match lobby is seated and started (PROTOCOL §4.7): people take the first free colour, the
 * server fills the empty seats with bots of the lobby's level and appends `game-action start` (actor
 * `server`) in the same commit as the join or the wait's end that completes it.
 */
import {
  BOT_NAMES,
  PLAYABLE_COUNTRIES,
  SERVER_ACTOR,
  actable,
  lobbyStatus,
  type CountryId,
  type LobbyState,
  type PlayableCountry,
} from '@four-banners/engine';
import { newSeatId, newSeed } from '../../common/ids.js';
import { isHuman } from '../core/lobby-cache.js';
import type { Draft } from '../core/lobby.store.js';

/** The first colour nobody sits on, in green, purple, red, yellow order (undefined: all taken). */
export function firstFreeColour(state: LobbyState): PlayableCountry | undefined {
  return PLAYABLE_COUNTRIES.find((c) => !state.players.some((p) => p.country === c));
}

/** Whether the lobby is a quick match still waiting for people (open, not started). */
export function waitingQuick(state: LobbyState | undefined): state is LobbyState & {
  settings: { quick: NonNullable<LobbyState['settings']['quick']> };
} {
  return !!state?.settings.quick && lobbyStatus(state) === 'open';
}

/** The people seated in a lobby. */
export function peopleIn(state: LobbyState): number {
  return state.players.filter(isHuman).length;
}

/** Whether every seat of a waiting quick match is taken by a person. */
export function quickFull(state: LobbyState): boolean {
  return waitingQuick(state) && peopleIn(state) >= state.settings.quick.seats;
}

/**
 * Fills the draft's empty quick-match seats (up to its `seats`) with bots on the free colours, then starts
 * the game. Returns whether it started (false: the start is not actable; the draft is then not to be committed).
 */
export function fillAndStart(draft: Draft): boolean {
  const state = draft.current;
  const seats = state.settings.quick?.seats ?? state.players.length;
  const difficulty = state.settings.botLevel;
  for (let n = state.players.length; n < seats; n++) {
    const country: CountryId | undefined = firstFreeColour(draft.current);
    if (country === undefined) break;
    draft.add({
      kind: 'player-joined',
      actor: SERVER_ACTOR,
      seed: null,
      payload: { player: { id: newSeatId('bot'), name: BOT_NAMES[difficulty], country, bot: { difficulty } } },
    });
  }
  const start = { id: 'start', info: {} } as const;
  if (!actable(draft.current.game, start).ok) return false;
  draft.add({ kind: 'game-action', actor: SERVER_ACTOR, seed: newSeed(), payload: start });
  return true;
}
