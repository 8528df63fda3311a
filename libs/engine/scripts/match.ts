/**
 * Plays seeded bot-vs-bot games in the terminal and prints winners and turn counts.
 *   npm run match -- --bots hard,easy --games 20 --size 10x10 --seed 1 [--verbose]
 */
import { parseArgs } from 'node:util';
import { COUNTRY_NAMES, DIFFICULTIES, type Difficulty } from '../src/constants.js';
import { runSeries } from '../src/runner.js';

const { values } = parseArgs({
  options: {
    bots: { type: 'string', default: 'hard,normal,easy,easy' },
    games: { type: 'string', default: '10' },
    size: { type: 'string', default: '10x10' },
    seed: { type: 'string', default: '1' },
    verbose: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const bots = values.bots.split(',').map((b) => b.trim()) as Difficulty[];
if (bots.length < 2 || bots.length > 4 || bots.some((b) => !DIFFICULTIES.includes(b))) {
  fail(`--bots takes 2 to 4 of ${DIFFICULTIES.join('/')}, comma-separated (got "${values.bots}")`);
}
const size = /^(\d+)x(\d+)$/.exec(values.size);
if (!size) fail(`--size takes WxH, e.g. 10x10 (got "${values.size}")`);
const [w, h] = [Number(size[1]), Number(size[2])];
const games = Number(values.games);
const firstSeed = Number(values.seed);
if (!Number.isInteger(games) || games < 1) fail('--games takes a whole number ≥ 1');

const started = performance.now();
const { summary, results } = runSeries(bots, games, { w, h, firstSeed, checkInvariants: true });
const seconds = (performance.now() - started) / 1000;
if (values.verbose) {
  for (const r of results) {
    const who = r.winner === null ? 'nobody' : `${COUNTRY_NAMES[r.winner]} (${r.winnerDifficulty})`;
    const outcome = r.finished ? `${who} wins` : r.stalemate ? 'draw (a stable front)' : 'stuck at the turn cap';
    console.log(`seed ${r.seed}: ${outcome} after ${r.turns} turns, ${r.actions} actions`);
  }
}
console.log(
  `Four Banners — ${games} game(s) of ${bots.join(' vs ')} on ${w}×${h}, seeds ${firstSeed}..${firstSeed + games - 1}`,
);
console.log(
  `finished: ${summary.finished}/${summary.games}, draws: ${summary.stalemates}, stuck: ${summary.stuck}; wins: ${JSON.stringify(summary.wins)}`,
);
console.log(`turns: mean ${summary.turns.mean.toFixed(1)}, max ${summary.turns.max}; ${seconds.toFixed(2)} s`);
if (summary.stuck > 0) process.exit(1);
