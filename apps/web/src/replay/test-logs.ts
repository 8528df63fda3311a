/** Real game logs for the replay tests: bots play whole games with the engine, logged the way the server logs them. */
import type { Difficulty, LobbyEvent, PlayableCountry } from '@four-banners/engine';
import { loggedBotGame } from '@four-banners/engine/runner';

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
  const bots = Array.from({ length: o.countries }, (_, c) => ({
    id: `bot-${c}`,
    name: '',
    country: c as PlayableCountry,
    bot: { difficulty: o.difficulty },
  }));
  return loggedBotGame({
    lobbyId: `G${o.seed}`,
    adminId: 'host',
    w: o.w,
    h: o.h,
    seed: o.seed,
    players: [{ id: 'host', name: 'Ana', country: -1 }, ...bots],
    difficulty: () => o.difficulty,
    beforeStart:
      o.chat === undefined
        ? []
        : [{ kind: 'chat', actor: 'host', seed: null, payload: { playerId: 'host', msg: o.chat } }],
    startSeed: o.seed + 1,
    turnSeed: (turn) => o.seed * 7919 + turn,
    maxEvents: o.maxEvents ?? 20_000,
    at: AT.toISOString(),
  }).events;
}
