/** What every lobby request answers with, and the checks the lobby and game requests share. */
import { isGameOver, type LobbyState } from '@four-banners/engine';
import type { Ack, AckError, ErrorCode } from '@four-banners/protocol';
import type { ServerConfig } from '../../common/config.js';
import { REFUSAL_MESSAGES, type LimitsService } from '../../limits/limits.service.js';

/** A refusal, as the acknowledgement carries it. */
export const fail = (code: ErrorCode, message: string): AckError => ({ ok: false, error: { code, message } });

/** A request carried out (with the last seq it appended, if any). */
export const done = (seq?: number): Ack => (seq === undefined ? { ok: true } : { ok: true, seq });

/** Why a change to the lobby before its game is refused: the game is on or over, or the lobby changed too often. */
export function notBeforeStart(state: LobbyState, config: ServerConfig, limits: LimitsService): AckError | undefined {
  if (isGameOver(state.game)) return fail('game_over', 'The game is over.');
  if (state.game.running) return fail('game_running', 'The game has already started.');
  return overPreStartBudget(state, config, limits);
}

/** A lobby that never starts cannot grow its log for ever: past the budget only start, leave and close go. */
export function overPreStartBudget(
  state: LobbyState,
  config: ServerConfig,
  limits: LimitsService,
): AckError | undefined {
  if (state.game.running || state.seq < config.lobbyEventsBeforeStart) return undefined;
  limits.refused('lobby_events');
  return fail('rate_limited', REFUSAL_MESSAGES.lobby_events);
}
