/** A server-like lobby log for the online tests: two people and a bot, written with the real engine. */
import {
  fold,
  playBotTurn,
  whoseTurn,
  type GameAction,
  type LobbyEvent,
  type LobbyState,
  type Player,
} from '@four-banners/engine';
import { append, gameActionEvent } from '../game/offline-log';

export const ALICE = 'alice';
export const BOB = 'bob';
export const BOT = 'bot-1';
const AT = new Date('2026-01-01T00:00:00Z');

export const PLAYERS: readonly Player[] = [
  { id: ALICE, name: 'Alice', country: 0 },
  { id: BOB, name: 'Bob', country: 1 },
  { id: BOT, name: 'Hard Bot', country: 2, bot: { difficulty: 'hard' } },
];

/** lobby-created, the three seats, a chat line and start: the game is at Alice's first turn. */
export function startedLog(): LobbyEvent[] {
  let log: LobbyEvent[] = append(
    [],
    {
      kind: 'lobby-created',
      actor: ALICE,
      seed: null,
      payload: { lobbyId: 'L1', adminId: ALICE, w: 7, h: 7, seed: 99, rulesVersion: 1 },
    },
    AT,
  );
  for (const player of PLAYERS)
    log = append(log, { kind: 'player-joined', actor: ALICE, seed: null, payload: { player } }, AT);
  log = append(log, { kind: 'chat', actor: ALICE, seed: null, payload: { playerId: ALICE, msg: 'hello' } }, AT);
  return append(log, gameActionEvent(ALICE, { id: 'start', info: {} }, 5), AT);
}

export function stateOf(log: readonly LobbyEvent[]): LobbyState {
  const r = fold(log);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Appends one game action by `actor`. */
export function act(log: readonly LobbyEvent[], actor: string, action: GameAction, seed = 11): LobbyEvent[] {
  return append(log, gameActionEvent(actor, action, seed), AT);
}

/** Alice and Bob pass; the bot then plays its whole turn (each action its own event, as the server logs it). */
export function throughBotTurn(log: readonly LobbyEvent[]): LobbyEvent[] {
  let out = act(log, ALICE, { id: 'next_turn', info: { country: 0 } });
  out = act(out, BOB, { id: 'next_turn', info: { country: 1 } });
  const game = stateOf(out).game;
  if (whoseTurn(game) !== 2) throw new Error('expected the bot to move');
  for (const { action, seed } of playBotTurn(game, 2, 'hard', 1234))
    out = append(out, gameActionEvent(BOT, action, seed), AT);
  return out;
}
