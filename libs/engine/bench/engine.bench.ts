/**
 * Engine benchmarks (issue 2): prints figures, never fails on time.
 *   npm run bench -w libs/engine      (or the root `npm run bench`)
 */
import {
  BOT_NAMES,
  EXPERT_NODE_BUDGET,
  RULES_VERSION,
  applyLegal,
  createRng,
  drawSeed,
  fold,
  isGameOver,
  newGame,
  planExpertTurn,
  playBotTurn,
  whoseTurn,
  type Difficulty,
  type GameData,
  type LobbyEvent,
  type PlayableCountry,
} from '../src/index.js';
import { runLadder } from '../src/ladder.js';
import { runMatch, runSeries } from '../src/runner.js';
import { wilson } from '../src/stats.js';

const AT = '2026-01-01T00:00:00.000Z';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** A lobby log of four bots playing on w×h until it holds `actions` game actions (a new game when one ends). */
function botLog(actions: number, w: number, h: number, seed: number): LobbyEvent[] {
  const events: LobbyEvent[] = [];
  const push = (e: Omit<LobbyEvent, 'seq' | 'at'>) =>
    events.push({ ...e, seq: events.length + 1, at: AT } as LobbyEvent);
  push({
    kind: 'lobby-created',
    actor: 'p0',
    payload: { lobbyId: 'bench', adminId: 'p0', w, h, seed, rulesVersion: RULES_VERSION },
    seed: null,
  });
  const bots: Difficulty[] = ['hard', 'normal', 'easy', 'hard'];
  bots.forEach((difficulty, i) =>
    push({
      kind: 'player-joined',
      actor: 'p0',
      payload: {
        player: { id: `bot${i}`, name: BOT_NAMES[difficulty], country: i as PlayableCountry, bot: { difficulty } },
      },
      seed: null,
    }),
  );
  const folded = fold(events);
  if (!folded.ok) throw new Error(folded.error.message);
  let game: GameData = folded.value.game;
  const rng = createRng(seed);
  const act = (action: Parameters<typeof applyLegal>[1], seed: number) => {
    game = applyLegal(game, action, seed);
    push({ kind: 'game-action', actor: 'bench', payload: action, seed } as Omit<LobbyEvent, 'seq' | 'at'>);
  };
  act({ id: 'start', info: {} }, drawSeed(rng));
  let count = 0;
  while (count < actions && !isGameOver(game)) {
    const country = whoseTurn(game)!;
    for (const { action, seed } of playBotTurn(game, country, bots[country]!, drawSeed(rng))) {
      act(action, seed);
      if (++count >= actions) break;
    }
  }
  return events;
}

function benchFold(): void {
  // 10×10 (the default map): games end before 10,000 actions, so the log is cut into several lobbies;
  // 24×24: one long lobby keeps four bots busy past 10,000 actions.
  for (const [w, h] of [
    [10, 10],
    [24, 24],
  ] as const) {
    const logs: LobbyEvent[][] = [];
    let actions = 0;
    for (let seed = 1; actions < 10_000; seed++) {
      const log = botLog(10_000 - actions, w, h, seed);
      logs.push(log);
      actions += log.filter((e) => e.kind === 'game-action').length;
    }
    for (const log of logs) fold(log); // warm-up
    const runs = 20;
    const started = performance.now();
    for (let i = 0; i < runs; i++) {
      for (const log of logs) {
        const r = fold(log);
        if (!r.ok) throw new Error(r.error.message);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fold: ${actions} game actions on ${w}×${h} (${logs.length} lobby log(s), 4 bots) × ${runs}: ${Math.round((actions * runs) / seconds).toLocaleString('en')} actions/s`,
    );
  }
}

function benchGames(): void {
  for (const difficulty of ['easy', 'normal', 'hard'] as const) {
    const games = 60;
    const started = performance.now();
    let turns = 0;
    let finished = 0;
    let draws = 0;
    for (let i = 0; i < games; i++) {
      const r = runMatch({
        bots: [difficulty, difficulty, difficulty, difficulty],
        w: 10,
        h: 10,
        seed: 1000 + i,
        turnCap: 5000,
      });
      turns += r.turns;
      if (r.finished) finished++;
      if (r.stalemate) draws++;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `games: 4 ${difficulty} bots on 10×10: ${(games / seconds).toFixed(1)} games/s (${finished} won, ${draws} drawn, ${games - finished - draws} stuck of ${games}; mean ${(turns / games).toFixed(0)} turns)`,
    );
  }
}

function benchBotTurns(): void {
  for (const [w, h] of [
    [10, 10],
    [32, 32],
  ] as const) {
    const times: number[] = [];
    for (let g = 0; g < (w === 10 ? 40 : 4); g++) {
      const rng = createRng(500 + g);
      let game = newGame(w, h);
      for (const country of [0, 1, 2, 3] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
      game = applyLegal(game, { id: 'generate', info: { w, h, seed: drawSeed(rng) } }, 0);
      game = applyLegal(game, { id: 'start', info: {} }, drawSeed(rng));
      while (!isGameOver(game) && game.turn.count < 400) {
        const country = whoseTurn(game)!;
        const seed = drawSeed(rng);
        const started = performance.now();
        const actions = playBotTurn(game, country, 'hard', seed);
        times.push(performance.now() - started);
        for (const { action, seed: s } of actions) game = applyLegal(game, action, s);
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `hard bot turn on ${w}×${h}: median ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms over ${times.length} turns`,
    );
  }
}

function benchStrength(): void {
  for (const pairing of [
    ['hard', 'easy'],
    ['normal', 'easy'],
    ['hard', 'normal'],
  ] as const) {
    const games = 500;
    const { summary } = runSeries(pairing, games, { w: 10, h: 10, firstSeed: 10_000, turnCap: 5000 });
    const [strong, weak] = pairing;
    const pct = (n: number | undefined) => `${(((n ?? 0) / games) * 100).toFixed(1)}%`;
    console.log(
      `strength: ${strong} vs ${weak}, ${games} games 1v1 on 10×10 (seats alternate): ${strong} ${pct(summary.wins[strong])}, ${weak} ${pct(summary.wins[weak])}, drawn ${pct(summary.stalemates)}, stuck ${pct(summary.stuck)}`,
    );
  }
}

/**
 * The expert (issue 20): its strength against hard, 1v1 and in a four-country free-for-all, and its turn
 * time on 32×32. Short series here (the intervals say how short); the ≥ 1,000-game ladder is `npm run match`.
 */
function benchExpert(): void {
  for (const { mode, games } of [
    { mode: '1v1', games: 200 },
    { mode: 'ffa', games: 120 },
  ] as const) {
    const started = performance.now();
    const s = runLadder({ tested: 'expert', opponent: 'hard', mode, w: 10, h: 10, firstSeed: 20_000, games });
    const ci = wilson(s.tally.wins, s.games);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const what = mode === '1v1' ? 'expert vs hard, 1v1' : 'expert vs three hards, free-for-all (parity 25%)';
    console.log(
      `expert: ${what} on 10×10, ${s.games} games, every map from each seat: expert wins ${pct(s.tally.wins / s.games)} (95% CI ${pct(ci.low)}–${pct(ci.high)}), drawn ${s.tally.draws}, stuck ${s.tally.stuck}; ${seconds} s`,
    );
  }
  const times: number[] = [];
  const nodes: number[] = [];
  for (let g = 0; g < 4; g++) {
    const rng = createRng(700 + g);
    let game = newGame(32, 32);
    for (const country of [0, 1, 2, 3] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
    game = applyLegal(game, { id: 'generate', info: { w: 32, h: 32, seed: drawSeed(rng) } }, 0);
    game = applyLegal(game, { id: 'start', info: {} }, drawSeed(rng));
    // Two experts and two hards, so the experts meet both kinds of front.
    while (!isGameOver(game) && game.turn.count < 400) {
      const country = whoseTurn(game)!;
      const seed = drawSeed(rng);
      let actions: ReturnType<typeof playBotTurn>;
      if (country % 2 === 0) {
        const started = performance.now();
        const turn = planExpertTurn(game, country);
        times.push(performance.now() - started);
        nodes.push(turn.nodes);
        const seeds = createRng(seed);
        actions = turn.actions.map((action) => ({ action, seed: drawSeed(seeds) }));
      } else actions = playBotTurn(game, country, 'hard', seed);
      for (const { action, seed: s } of actions) game = applyLegal(game, action, s);
    }
  }
  times.sort((a, b) => a - b);
  nodes.sort((a, b) => a - b);
  console.log(
    `expert turn on 32×32: median ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${times.length} turns (nodes: median ${percentile(nodes, 50)}, p99 ${percentile(nodes, 99)}, budget ${EXPERT_NODE_BUDGET})`,
  );
}

console.log(`Four Banners engine benchmark — node ${process.version}, ${new Date().toISOString()}`);
benchFold();
benchBotTurns();
benchGames();
benchStrength();
benchExpert();
