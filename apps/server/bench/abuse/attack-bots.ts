/**
 * Attack 1: make the server play bots for nobody. (a) a 32×32 lobby of three hard bots, the attacker
 * seated without a colour, asks to start (again and again): it must be refused and nothing written.
 * (b) the realistic worst case: one person on a colour with three hard bots, whose client passes the
 * instant its turn comes, in several lobbies at once: the bots' pace bounds the writes.
 * (c) the same with three expert bots, whose search is the costliest thing a lobby can ask of the event
 * loop: each turn's think time must stay within BOT_SEARCH_MS, whatever the other lobbies do.
 */
import { whoseTurn, type Difficulty } from '@four-banners/engine';
import type { ServerConfig } from '../../src/common/config.js';
import { envNumber } from '../stats.js';
import { Largest, must, mustConnect, sleep, type BenchClient } from './client.js';
import { metricDelta, secondsSince, type Attack, type AttackContext } from './harness.js';
import { fmtBytes, fmtRate } from './report.js';

/** A 32×32 lobby of three `difficulty` bots; the creator sits on `colour` (none: -1). */
async function botLobby(
  url: string,
  largest: Largest,
  colour: 0 | -1,
  fold: boolean,
  difficulty: Difficulty = 'hard',
): Promise<BenchClient> {
  const c = await mustConnect(url, { largest, fold });
  await must(c, 'client-create-lobby', { playerName: 'Attacker' });
  await must(c, 'client-lobby-update', { w: 32, h: 32 });
  if (colour === 0) await must(c, 'client-change-country', { country: 0 });
  for (const country of [1, 2, 3]) await must(c, 'client-add-bot', { country, difficulty });
  return c;
}

export const botsOnlyGame: Attack = {
  id: '1a',
  title: 'Bots-only online game: 32×32, three hard bots, attacker seated with no colour',
  seconds: Math.min(6, envNumber('BENCH_ABUSE_SECONDS', 12)),
  async run(ctx) {
    const c = await botLobby(ctx.server.url, ctx.largest, -1, false);
    const eventsBefore = ctx.attackerEvents();
    const filesBefore = ctx.server.files().total;
    const t0 = performance.now();
    let tries = 0;
    let accepted = 0;
    let refusal = '';
    while (secondsSince(t0) < ctx.seconds) {
      const { ack } = await c.call('client-game-action', { id: 'start', info: {} });
      tries += 1;
      if (ack?.ok) accepted += 1;
      else refusal ||= `${ack?.error?.code}: "${ack?.error?.message}"`;
      await sleep(250);
    }
    const secs = secondsSince(t0);
    const events = ctx.attackerEvents() - eventsBefore;
    const growth = ctx.server.files().total - filesBefore;
    ctx.figure('start requests', `${tries} sent, ${accepted} accepted; refusal: ${refusal || '—'}`);
    ctx.figure('attacker events/s', `${fmtRate(events / secs)} (${events} events in ${secs.toFixed(1)} s)`);
    ctx.figure('DB+WAL growth over the window', `${fmtBytes(growth)} (includes the honest game's ~5 writes/s)`);
    ctx.aim({
      what: '1a bots-only start',
      aim: 'refused',
      measured: accepted ? `${accepted} accepted` : 'refused',
      met: accepted === 0,
    });
    ctx.aim({ what: '1a attacker events/s', aim: '~0', measured: fmtRate(events / secs), met: events === 0 });
    c.close();
  },
};

/** What one window of lobbies whose person passes instantly did, for 1b and 1c to print. */
interface PassingWindow {
  readonly lobbies: number;
  readonly secs: number;
  readonly events: number;
  readonly growth: number;
  readonly passes: number;
  readonly refused: number;
  readonly before: Map<string, number> | null;
  readonly after: Map<string, number> | null;
}

/**
 * BENCH_BOT_LOBBIES (4) lobbies of the attacker on green and three `difficulty` bots, 32×32, each started
 * and passed the instant the fold says it is the attacker's turn, for the attack's window.
 */
async function passInstantly(ctx: AttackContext, difficulty: Difficulty): Promise<PassingWindow> {
  const lobbies = envNumber('BENCH_BOT_LOBBIES', 4);
  const clients: BenchClient[] = [];
  for (let i = 0; i < lobbies; i++) clients.push(await botLobby(ctx.server.url, ctx.largest, 0, true, difficulty));
  const before = await ctx.server.metrics();
  const eventsBefore = ctx.attackerEvents();
  const filesBefore = ctx.server.files().total;
  let passes = 0;
  let refused = 0;
  const t0 = performance.now();
  const until = t0 + ctx.seconds * 1000;
  for (const c of clients) {
    let sending = false;
    const maybePass = () => {
      if (sending || performance.now() > until || !c.state || whoseTurn(c.state.game) !== 0) return;
      sending = true;
      void c.call('client-game-action', { id: 'next_turn', info: { country: 0 } }).then(({ ack }) => {
        sending = false;
        if (ack?.ok) passes += 1;
        else refused += 1;
        maybePass();
      });
    };
    c.onChange(maybePass);
    await must(c, 'client-game-action', { id: 'start', info: {} });
    maybePass();
  }
  await sleep(until - performance.now());
  const secs = secondsSince(t0);
  const window = {
    lobbies,
    secs,
    events: ctx.attackerEvents() - eventsBefore,
    growth: ctx.server.files().total - filesBefore,
    passes,
    refused,
    before,
    after: await ctx.server.metrics(),
  };
  for (const c of clients) c.close();
  return window;
}

/** The pace the bots of one lobby may keep, for the bot turns/s figure. */
function botPace(w: PassingWindow, config: ServerConfig): string {
  const botTurns = metricDelta(w.before, w.after, 'fb_bot_turns_total');
  const { turnMs, actionMs } = config.bots;
  return botTurns === null
    ? 'n/a (no /api/metrics)'
    : `${fmtRate(botTurns / w.secs)} total, ${fmtRate(botTurns / w.secs / w.lobbies)} per lobby (pacing allows ≤ ${fmtRate(1000 / turnMs)} per lobby: BOT_TURN_MS ${turnMs} + BOT_ACTION_MS ${actionMs} per action)`;
}

export const humanWithHardBots: Attack = {
  id: '1b',
  title: 'One person + three hard bots on 32×32, the person passing instantly (several lobbies)',
  async run(ctx) {
    const w = await passInstantly(ctx, 'hard');
    ctx.figure('lobbies', `${w.lobbies} (each: the attacker on green + 3 hard bots, 32×32)`);
    ctx.figure(
      'attacker events/s',
      `${fmtRate(w.events / w.secs)} (${w.events} events in ${w.secs.toFixed(1)} s; before the limits: ~31,000/s per lobby)`,
    );
    ctx.figure('DB+WAL growth over the window', `${fmtBytes(w.growth)} (before the limits: ~330 MB in 15 s)`);
    ctx.figure('bot turns/s', botPace(w, ctx.config));
    ctx.figure('attacker passes', `${w.passes} accepted, ${w.refused} refused`);
  },
};

/**
 * The change of one labelled histogram between two scrapes: its count, sum and cumulative buckets
 * (upper bound in seconds → observations at or under it), as prom-client prints them.
 */
function histogramDelta(
  before: Map<string, number>,
  after: Map<string, number>,
  name: string,
  label: string,
): { count: number; sum: number; buckets: [number, number][] } {
  const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  let count = 0;
  let sum = 0;
  const buckets: [number, number][] = [];
  for (const key of after.keys()) {
    if (!key.includes(label)) continue;
    if (key.startsWith(`${name}_count{`)) count = delta(key);
    else if (key.startsWith(`${name}_sum{`)) sum = delta(key);
    else if (key.startsWith(`${name}_bucket{`)) {
      const le = /le="([^"]+)"/.exec(key)?.[1];
      if (le && le !== '+Inf') buckets.push([Number(le), delta(key)]);
    }
  }
  return { count, sum, buckets: buckets.sort((a, b) => a[0] - b[0]) };
}

/** The bucket bound (ms) at or under which the `q` quantile lies: the histogram's resolution, no finer. */
function quantileBound(h: { count: number; buckets: [number, number][] }, q: number): string {
  const bound = h.buckets.find(([, n]) => n >= q * h.count)?.[0];
  return bound === undefined ? `> ${(h.buckets.at(-1)?.[0] ?? 0) * 1000} ms` : `≤ ${bound * 1000} ms`;
}

export const humanWithExpertBots: Attack = {
  id: '1c',
  title: 'One person + three expert bots on 32×32, the person passing instantly (several lobbies)',
  async run(ctx) {
    const w = await passInstantly(ctx, 'expert');
    const { searchMs, searchNodes } = ctx.config.bots;
    ctx.figure(
      'lobbies',
      `${w.lobbies} (each: the attacker on green + 3 expert bots, 32×32; a lobby cannot start with four bots, see 1a)`,
    );
    ctx.figure('attacker events/s', `${fmtRate(w.events / w.secs)} (${w.events} events in ${w.secs.toFixed(1)} s)`);
    ctx.figure('DB+WAL growth over the window', fmtBytes(w.growth));
    ctx.figure('bot turns/s', botPace(w, ctx.config));
    ctx.figure('attacker passes', `${w.passes} accepted, ${w.refused} refused`);
    if (!w.before || !w.after) {
      ctx.note('No /api/metrics: the expert think times could not be read.');
      return;
    }
    const think = histogramDelta(w.before, w.after, 'fb_bot_think_seconds', 'difficulty="expert"');
    const nodes = metricDelta(w.before, w.after, 'fb_bot_search_nodes_total') ?? 0;
    const cut = metricDelta(w.before, w.after, 'fb_bot_searches_cut_total') ?? 0;
    // The aim is BOT_SEARCH_MS plus slack for the turn's own moves and a busy machine, read at the
    // histogram's first bucket bound past it (250 ms with the default 150 ms).
    const aim = think.buckets.find(([le]) => le * 1000 >= searchMs + 50)?.[0] ?? Number.POSITIVE_INFINITY;
    const within = think.buckets.find(([le]) => le === aim)?.[1] ?? 0;
    const over = think.count - within;
    const mean = think.count ? (think.sum / think.count) * 1000 : Number.NaN;
    ctx.figure('expert turns', `${think.count} (${fmtRate(think.count / w.secs)}/s over ${w.lobbies} lobbies)`);
    ctx.figure(
      'expert think (fb_bot_think_seconds{difficulty="expert"})',
      `mean ${mean.toFixed(1)} ms, p50 ${quantileBound(think, 0.5)}, p99 ${quantileBound(think, 0.99)}, max ${quantileBound(think, 1)}; ${over} over ${aim * 1000} ms (BOT_SEARCH_MS ${searchMs})`,
    );
    ctx.figure(
      'expert search',
      `${think.count ? Math.round(nodes / think.count) : 'n/a'} positions per turn on average (BOT_SEARCH_NODES ${searchNodes}); ${cut} of ${think.count} searches cut by the budget`,
    );
    ctx.aim({
      what: '1c expert think per turn',
      aim: `≤ ${aim * 1000} ms (BOT_SEARCH_MS ${searchMs} + slack)`,
      measured: think.count ? `max ${quantileBound(think, 1)}, ${over} of ${think.count} over` : 'no expert turn',
      met: think.count > 0 && over === 0,
    });
    ctx.aim({
      what: '1c expert positions per turn',
      aim: `≤ ${searchNodes} (BOT_SEARCH_NODES)`,
      measured: think.count ? `${Math.round(nodes / think.count)} on average` : 'no expert turn',
      met: think.count > 0 && nodes <= searchNodes * think.count,
    });
  },
};
