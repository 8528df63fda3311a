/**
 * Plays seeded bot-vs-bot games in the terminal (RULES §6).
 *
 * The ladder: a tested difficulty against an opponent, 1v1 or a four-country free-for-all against three
 * opponents, every map once from each seat; prints win rates with 95% Wilson intervals and bot turn times,
 * and with --sprt stops once the test accepts H0 or H1.
 *   npm run match -- --bots expert,hard --mode 1v1 --games 1000 --size 10x10 [--seed 1] [--budget N]
 *   npm run match -- --bots expert,hard --mode ffa --games 400 --size 16x16
 *   npm run match -- --bots expert,hard --sprt elo0=0,elo1=30,alpha=0.05,beta=0.05 [--games 20000]
 * A fixed line-up of 3 or 4 bots (no --mode): seats alternate, wins by difficulty, as before.
 *   npm run match -- --bots hard,normal,easy,easy --games 20 --size 10x10 [--verbose]
 * Exits 2 on a bad argument, 1 if a game got stuck at the turn cap.
 */
import { parseArgs } from 'node:util';
import { COUNTRY_NAMES, DIFFICULTIES, type Difficulty } from '../src/constants.js';
import { LADDER_MODES, type LadderMode, runLadder } from '../src/ladder.js';
import { runSeries } from '../src/runner.js';
import { type SprtSettings, eloOfScore, percentile, wilson } from '../src/stats.js';

function fail(message: string): never {
  console.error(`match: ${message}`);
  process.exit(2);
}

function parse() {
  return parseArgs({
    options: {
      bots: { type: 'string', default: 'hard,normal,easy,easy' },
      mode: { type: 'string' },
      games: { type: 'string' },
      size: { type: 'string', default: '10x10' },
      seed: { type: 'string', default: '1' },
      budget: { type: 'string' },
      sprt: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
}
const { values } = (() => {
  try {
    return parse();
  } catch (e) {
    return fail(
      `${(e as Error).message}. Options: --bots A,B[,C,D] --mode 1v1|ffa --games N --size WxH --seed N --budget N --sprt elo0=0,elo1=30,alpha=0.05,beta=0.05 --verbose`,
    );
  }
})();

const wholeNumber = (name: string, text: string, min: number): number => {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min)
    fail(`--${name} takes a whole number ≥ ${min} (got "${text}")`);
  return n;
};

const bots = values.bots.split(',').map((b) => b.trim()) as Difficulty[];
if (bots.length < 2 || bots.length > 4 || bots.some((b) => !DIFFICULTIES.includes(b))) {
  fail(`--bots takes 2 to 4 of ${DIFFICULTIES.join('/')}, comma-separated (got "${values.bots}")`);
}
const size = /^(\d+)x(\d+)$/.exec(values.size);
if (!size) fail(`--size takes WxH, e.g. 10x10 or 16x16 (got "${values.size}")`);
const [w, h] = [Number(size[1]), Number(size[2])];
if (w < 2 || h < 2 || w > 64 || h > 64) fail(`--size takes sides from 2 to 64 (got "${values.size}")`);
const firstSeed = wholeNumber('seed', values.seed, 0);
const budget = values.budget === undefined ? undefined : wholeNumber('budget', values.budget, 0);
const botOptions = budget === undefined ? undefined : { nodeBudget: budget };

function parseSprt(text: string): SprtSettings {
  const fields: Record<string, number> = { elo0: 0, elo1: 30, alpha: 0.05, beta: 0.05 };
  for (const part of text.split(',')) {
    const [key, value] = part.split('=');
    if (!key || value === undefined || !(key in fields) || !Number.isFinite(Number(value)))
      fail(`--sprt takes elo0=…,elo1=…,alpha=…,beta=… (got "${text}")`);
    fields[key] = Number(value);
  }
  const s = { elo0: fields.elo0!, elo1: fields.elo1!, alpha: fields.alpha!, beta: fields.beta! };
  if (!(s.elo1 > s.elo0)) fail(`--sprt needs elo1 > elo0 (got ${s.elo0} and ${s.elo1})`);
  if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5)) fail('--sprt needs 0 < alpha, beta < 0.5');
  return s;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

if (values.mode === undefined && bots.length > 2) {
  if (values.sprt !== undefined) fail('--sprt needs two bots (--bots A,B), not a fixed line-up');
  lineUp(bots, wholeNumber('games', values.games ?? '10', 1));
} else {
  const mode = (values.mode ?? '1v1') as LadderMode;
  if (!LADDER_MODES.includes(mode)) fail(`--mode takes ${LADDER_MODES.join(' or ')} (got "${values.mode}")`);
  if (bots.length !== 2) fail(`--mode ${mode} takes two bots, the tested one first: --bots expert,hard`);
  const sprt = values.sprt === undefined ? undefined : parseSprt(values.sprt);
  if (sprt && mode !== '1v1') fail('--sprt runs 1v1 series only (Elo is a two-player scale)');
  const games = wholeNumber('games', values.games ?? (sprt ? '20000' : '100'), 1);
  ladder(bots[0]!, bots[1]!, mode, games, sprt);
}

function ladder(tested: Difficulty, opponent: Difficulty, mode: LadderMode, games: number, sprt?: SprtSettings) {
  const started = performance.now();
  const label = mode === '1v1' ? `${tested} vs ${opponent}, 1v1` : `${tested} vs three ${opponent}, free-for-all`;
  console.log(
    `Four Banners ladder — ${label} on ${w}×${h}, up to ${games} game(s) from seed ${firstSeed}, every map from each seat${budget === undefined ? '' : `, node budget ${budget}`}`,
  );
  const summary = runLadder({
    tested,
    opponent,
    mode,
    w,
    h,
    firstSeed,
    games,
    sprt,
    botOptions,
    checkInvariants: true,
    clock: () => performance.now(),
    onGame: (g) => {
      if (values.verbose)
        console.log(
          `game ${g.index + 1}, seed ${g.seed}, ${tested} in seat ${g.testedSeat + 1} (${COUNTRY_NAMES[g.testedSeat]}): ${g.outcome} after ${g.turns} turns`,
        );
      else if ((g.index + 1) % 100 === 0) process.stderr.write(`  … ${g.index + 1} games\n`);
    },
  });
  const { tally } = summary;
  const n = summary.games;
  const line = (who: string, k: number) => {
    const ci = wilson(k, n);
    return `${who.padEnd(8)} ${String(k).padStart(5)} wins  ${pct(k / n).padStart(6)}  95% CI [${pct(ci.low)}, ${pct(ci.high)}]`;
  };
  console.log(`games: ${n}`);
  console.log(line(tested, tally.wins));
  console.log(line(mode === '1v1' ? opponent : `${opponent}×3`, tally.losses));
  console.log(
    `draws: ${tally.draws} (a stable front), stuck: ${tally.stuck}${mode === 'ffa' ? '; parity is 25%' : ''}`,
  );
  if (mode === '1v1') {
    const score = (tally.wins + 0.5 * (tally.draws + tally.stuck)) / n;
    console.log(`score ${pct(score)}, Elo ${eloOfScore(score).toFixed(0)} for ${tested}`);
  }
  for (const d of DIFFICULTIES) {
    const times = summary.turnTimes[d];
    if (!times?.length) continue;
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `${d} turn: mean ${ms(mean)} ms, p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms, max ${ms(times.at(-1)!)} ms over ${times.length} turns`,
    );
  }
  console.log(
    `turns per game: mean ${summary.turns.mean.toFixed(1)}, max ${summary.turns.max}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (summary.sprt) {
    const { llr, lower, upper, verdict } = summary.sprt;
    const said =
      verdict === 'H1'
        ? `H1 accepted: ${tested} is at least ${sprt!.elo1} Elo stronger than ${opponent}`
        : verdict === 'H0'
          ? `H0 accepted: ${tested} is no more than ${sprt!.elo0} Elo stronger than ${opponent}`
          : `no verdict after ${n} games (raise --games)`;
    console.log(
      `SPRT elo0=${sprt!.elo0} elo1=${sprt!.elo1} alpha=${sprt!.alpha} beta=${sprt!.beta}: LLR ${llr.toFixed(2)} in [${lower.toFixed(2)}, ${upper.toFixed(2)}] — ${said}`,
    );
  }
  if (tally.stuck > 0) process.exit(1);
}

function lineUp(lineup: Difficulty[], games: number) {
  const started = performance.now();
  const { summary, results } = runSeries(lineup, games, { w, h, firstSeed, checkInvariants: true, botOptions });
  const seconds = (performance.now() - started) / 1000;
  if (values.verbose) {
    for (const r of results) {
      const who = r.winner === null ? 'nobody' : `${COUNTRY_NAMES[r.winner]} (${r.winnerDifficulty})`;
      const outcome = r.finished ? `${who} wins` : r.stalemate ? 'draw (a stable front)' : 'stuck at the turn cap';
      console.log(`seed ${r.seed}: ${outcome} after ${r.turns} turns, ${r.actions} actions`);
    }
  }
  console.log(
    `Four Banners — ${games} game(s) of ${lineup.join(' vs ')} on ${w}×${h}, seeds ${firstSeed}..${firstSeed + games - 1}`,
  );
  console.log(
    `finished: ${summary.finished}/${summary.games}, draws: ${summary.stalemates}, stuck: ${summary.stuck}; wins: ${JSON.stringify(summary.wins)}`,
  );
  console.log(`turns: mean ${summary.turns.mean.toFixed(1)}, max ${summary.turns.max}; ${seconds.toFixed(2)} s`);
  if (summary.stuck > 0) process.exit(1);
}
