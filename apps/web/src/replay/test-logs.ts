/** Real game logs for the replay tests: bots play whole games with the engine, logged the way the server logs them. */
import {
  applyEvent,
  isGameOver,
  playBotTurn,
  whoseTurn,
  type Difficulty,
  type LobbyEvent,
  type LobbyState,
  type NewLobbyEvent,
  type PlayableCountry,
} from '@four-banners/engine';
import { gameActionEvent, stamp } from '../game/offline-log';

const AT = new Date('2026-01-01T00:00:00Z');

export interface BotGameOptions {
  readonly countries: number;
  readonly w: number;
  readonly h: number;
  readonly difficulty: Difficulty;
  /** The map seed; bot turns draw from it too, so one seed is one game. */
  readonly seed: number;
  /** Stop after this many events even if the game goes on (a running game's log); 20,000 by default. */
  readonly maxEvents?: number;
  /** A chat line after the seats, like people write before a game. */
  readonly chat?: string;
}

/** A lobby with `countries` bots, started and played to its end (or `maxEvents`): each action its own event. */
export function botGameLog(o: BotGameOptions): LobbyEvent[] {
  const log: LobbyEvent[] = [];
  let state: LobbyState | null = null;
  const push = (event: NewLobbyEvent) => {
    const stamped = stamp(log, event, AT);
    const next = applyEvent(state, stamped);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
    log.push(stamped);
  };
  push({ kind: 'lobby-created', actor: 'host', seed: null, payload: { lobbyId: `G${o.seed}`, adminId: 'host', w: o.w, h: o.h, seed: o.seed, rulesVersion: 1 } });
  push({ kind: 'player-joined', actor: 'host', seed: null, payload: { player: { id: 'host', name: 'Ana', country: -1 } } });
  for (let c = 0; c < o.countries; c++) {
    const player = { id: `bot-${c}`, name: '', country: c as PlayableCountry, bot: { difficulty: o.difficulty } };
    push({ kind: 'player-joined', actor: 'host', seed: null, payload: { player } });
  }
  if (o.chat !== undefined) push({ kind: 'chat', actor: 'host', seed: null, payload: { playerId: 'host', msg: o.chat } });
  push(gameActionEvent('host', { id: 'start', info: {} }, o.seed + 1));
  const max = o.maxEvents ?? 20_000;
  for (let turn = 0; log.length < max; turn++) {
    const game = state!.game;
    const country = whoseTurn(game);
    if (isGameOver(game) || country === null) break;
    for (const { action, seed } of playBotTurn(game, country, o.difficulty, o.seed * 7919 + turn)) {
      if (log.length >= max) break;
      push(gameActionEvent(`bot-${country}`, action, seed));
    }
  }
  return log;
}
