/** Headless bot-vs-bot matches: the match runner behind `npm start` (until the server lands), tests and benchmarks. */
import { applyLegal } from './actions/index.js';
import { playBotTurn } from './bot/bot.js';
import { COUNTRY_NAMES, PLAYABLE_COUNTRIES, type Difficulty, type PlayableCountry } from './constants.js';
import { isGameOver, newGame, winner } from './game.js';
import { brokenInvariants } from './invariants.js';
import { createRng, drawSeed } from './rng.js';
import { whoseTurn } from './turns.js';
import type { GameData } from './types.js';

export interface MatchOptions {
  /** One difficulty per seat; seat i plays country i (green, purple, red, yellow). */
  readonly bots: readonly Difficulty[];
  readonly w: number;
  readonly h: number;
  readonly seed: number;
  /** A game still running after this many turns counts as stuck. */
  readonly turnCap?: number;
  /** Check every invariant after every action (slower; tests turn it on). */
  readonly checkInvariants?: boolean;
}

export interface MatchResult {
  readonly seed: number;
  readonly winner: PlayableCountry | null;
  readonly winnerDifficulty: Difficulty | null;
  readonly turns: number;
  readonly actions: number;
  /** False when the game hit the turn cap. */
  readonly finished: boolean;
  readonly game: GameData;
}

export const DEFAULT_TURN_CAP = 5000;

/** Plays one seeded bot-vs-bot game to its end (or the turn cap). Throws if an invariant breaks. */
export function runMatch(options: MatchOptions): MatchResult {
  const { bots, w, h, seed } = options;
  const cap = options.turnCap ?? DEFAULT_TURN_CAP;
  const rng = createRng(seed);
  let game = newGame(w, h, seed);
  const seats = bots.map((difficulty, i) => ({ country: PLAYABLE_COUNTRIES[i]!, difficulty }));
  for (const seat of seats) game = applyLegal(game, { id: 'add_country', info: { country: seat.country } }, 0);
  game = applyLegal(game, { id: 'generate', info: { w, h, seed: drawSeed(rng) } }, 0);
  game = applyLegal(game, { id: 'start', info: {} }, drawSeed(rng));
  let actions = 0;

  while (!isGameOver(game) && game.turn.count < cap) {
    const country = whoseTurn(game);
    const seat = seats.find((s) => s.country === country);
    if (!seat) throw new Error(`turn ${game.turn.count} belongs to no seat (type ${game.turn.type})`);
    for (const { action, seed: actionSeed } of playBotTurn(game, seat.country, seat.difficulty, drawSeed(rng))) {
      game = applyLegal(game, action, actionSeed);
      actions++;
      if (options.checkInvariants) {
        const broken = brokenInvariants(game);
        if (broken.length > 0) throw new Error(`seed ${seed}, after ${action.id}: ${broken.join('; ')}`);
      }
    }
  }
  const won = winner(game);
  return {
    seed,
    winner: won,
    winnerDifficulty: seats.find((s) => s.country === won)?.difficulty ?? null,
    turns: game.turn.count,
    actions,
    finished: isGameOver(game),
    game,
  };
}

export interface SeriesSummary {
  readonly games: number;
  readonly finished: number;
  /** Wins by difficulty; in mirror matches (one difficulty for all) by country name instead. */
  readonly wins: Readonly<Record<string, number>>;
  readonly turns: { readonly mean: number; readonly max: number };
}

/** Plays `games` matches with seeds `firstSeed`, `firstSeed + 1`, …; seats alternate so no side always moves first. */
export function runSeries(
  bots: readonly Difficulty[],
  games: number,
  opts: { w: number; h: number; firstSeed?: number; turnCap?: number; checkInvariants?: boolean },
): { summary: SeriesSummary; results: MatchResult[] } {
  const results: MatchResult[] = [];
  const wins: Record<string, number> = {};
  const mirror = new Set(bots).size === 1;
  for (let i = 0; i < games; i++) {
    const order = i % 2 === 0 ? bots : [...bots.slice(1), bots[0]!];
    const result = runMatch({ ...opts, bots: order, seed: (opts.firstSeed ?? 1) + i });
    results.push(result);
    if (result.winner !== null) {
      const key = mirror ? COUNTRY_NAMES[result.winner] : result.winnerDifficulty!;
      wins[key] = (wins[key] ?? 0) + 1;
    }
  }
  const turns = results.map((r) => r.turns);
  return {
    results,
    summary: {
      games,
      finished: results.filter((r) => r.finished).length,
      wins,
      turns: { mean: turns.reduce((a, b) => a + b, 0) / Math.max(1, games), max: Math.max(0, ...turns) },
    },
  };
}
