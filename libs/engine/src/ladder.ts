/**
 * The bot ladder behind `npm run match` (RULES §6): seeded series between a tested difficulty and an
 * opponent, 1v1 or a four-country free-for-all against three opponents. Every map is played once from
 * each seat (so no side owes a win to the map or to moving first), the turn time of every bot turn is
 * measured with the caller's clock, and a series may run as an SPRT that stops once it has a verdict.
 */
import type { BotTurnOptions } from './bot/bot.js';
import type { Difficulty } from './constants.js';
import { runMatch } from './runner.js';
import { type SprtSettings, type SprtVerdict, type Tally, sprtBounds, sprtLlr, sprtVerdict } from './stats.js';

export const LADDER_MODES = ['1v1', 'ffa'] as const;
export type LadderMode = (typeof LADDER_MODES)[number];

/** Seats in a game of the mode: 2 for 1v1, 4 for a free-for-all. */
export function seatsOf(mode: LadderMode): number {
  return mode === '1v1' ? 2 : 4;
}

/** The difficulties by seat of game `index`: the tested bot takes seat `index mod seats`, opponents the rest. */
export function ladderSeats(tested: Difficulty, opponent: Difficulty, mode: LadderMode, index: number): Difficulty[] {
  const n = seatsOf(mode);
  return Array.from({ length: n }, (_, seat) => (seat === index % n ? tested : opponent));
}

/** The map seed of game `index`: consecutive games share a map until the tested bot has sat in every seat. */
export function ladderSeed(firstSeed: number, mode: LadderMode, index: number): number {
  return firstSeed + Math.floor(index / seatsOf(mode));
}

export interface LadderOptions {
  readonly tested: Difficulty;
  readonly opponent: Difficulty;
  readonly mode: LadderMode;
  readonly w: number;
  readonly h: number;
  readonly firstSeed: number;
  /** The most games to play (an SPRT may stop sooner, always after a whole rotation of seats). */
  readonly games: number;
  readonly sprt?: SprtSettings;
  readonly botOptions?: BotTurnOptions;
  readonly turnCap?: number;
  readonly checkInvariants?: boolean;
  /** Measures bot turns (say `performance.now`); without it no turn times are kept. */
  readonly clock?: () => number;
  /** Hears every finished game. */
  readonly onGame?: (game: LadderGame) => void;
}

export type LadderOutcome = 'win' | 'loss' | 'draw' | 'stuck';

/** One game from the tested bot's point of view. */
export interface LadderGame {
  readonly index: number;
  readonly seed: number;
  readonly seats: readonly Difficulty[];
  readonly testedSeat: number;
  /** A draw is a stable front (the runner's stalemate); stuck is a game that ran into the turn cap. */
  readonly outcome: LadderOutcome;
  readonly turns: number;
}

export interface LadderSummary {
  readonly games: number;
  /** Tested bot's wins, opponents' wins (any of them in a free-for-all), draws and stuck games. */
  readonly tally: Tally & { readonly stuck: number };
  /** Every measured bot turn in ms, by difficulty. */
  readonly turnTimes: Readonly<Partial<Record<Difficulty, number[]>>>;
  readonly turns: { readonly mean: number; readonly max: number };
  readonly sprt?: {
    readonly llr: number;
    readonly lower: number;
    readonly upper: number;
    readonly verdict: SprtVerdict;
  };
}

/** Plays the series and tallies it; see the module comment. */
export function runLadder(o: LadderOptions): LadderSummary {
  const seats = seatsOf(o.mode);
  const turnTimes: Partial<Record<Difficulty, number[]>> = {};
  const onTurn = (difficulty: Difficulty, ms: number) => (turnTimes[difficulty] ??= []).push(ms);
  let wins = 0;
  let losses = 0;
  let draws = 0;
  let stuck = 0;
  let turnSum = 0;
  let turnMax = 0;
  let games = 0;
  let verdict: SprtVerdict = 'continue';
  for (let index = 0; index < o.games; index++) {
    const bots = ladderSeats(o.tested, o.opponent, o.mode, index);
    const seed = ladderSeed(o.firstSeed, o.mode, index);
    const testedSeat = index % seats;
    const r = runMatch({
      bots,
      w: o.w,
      h: o.h,
      seed,
      turnCap: o.turnCap,
      checkInvariants: o.checkInvariants,
      botOptions: o.botOptions,
      clock: o.clock,
      onTurn,
    });
    // Seat i plays country i (runMatch), so the tested bot is country `testedSeat`.
    const outcome: LadderOutcome =
      r.winner !== null ? (r.winner === testedSeat ? 'win' : 'loss') : r.finished || r.stalemate ? 'draw' : 'stuck';
    if (outcome === 'win') wins++;
    else if (outcome === 'loss') losses++;
    else if (outcome === 'draw') draws++;
    else stuck++;
    games++;
    turnSum += r.turns;
    turnMax = Math.max(turnMax, r.turns);
    o.onGame?.({ index, seed, seats: bots, testedSeat, outcome, turns: r.turns });
    if (o.sprt && (index + 1) % seats === 0) {
      // Stuck games count as draws for the test: neither side won.
      verdict = sprtVerdict({ wins, draws: draws + stuck, losses }, o.sprt);
      if (verdict !== 'continue') break;
    }
  }
  const tally = { wins, draws, losses, stuck };
  return {
    games,
    tally,
    turnTimes,
    turns: { mean: turnSum / Math.max(1, games), max: turnMax },
    ...(o.sprt
      ? { sprt: { llr: sprtLlr({ wins, draws: draws + stuck, losses }, o.sprt), ...sprtBounds(o.sprt), verdict } }
      : {}),
  };
}
