/**
 * Attack 1: make the server play bots for nobody. (a) a 32×32 lobby of three hard bots, the attacker
 * seated without a colour, asks to start (again and again): it must be refused and nothing written.
 * (b) the realistic worst case: one person on a colour with three hard bots, whose client passes the
 * instant its turn comes, in several lobbies at once: the bots' pace bounds the writes.
 */
import { whoseTurn } from '@four-banners/engine';
import { envNumber } from '../stats.js';
import { Largest, must, mustConnect, sleep, type BenchClient } from './client.js';
import { metricDelta, secondsSince, type Attack } from './harness.js';
import { fmtBytes, fmtRate } from './report.js';

/** A 32×32 lobby of `bots` hard bots; the creator sits on `colour` (none: -1). */
async function botLobby(url: string, largest: Largest, colour: 0 | -1, fold: boolean): Promise<BenchClient> {
  const c = await mustConnect(url, { largest, fold });
  await must(c, 'client-create-lobby', { playerName: 'Attacker' });
  await must(c, 'client-lobby-update', { w: 32, h: 32 });
  if (colour === 0) await must(c, 'client-change-country', { country: 0 });
  for (const country of [1, 2, 3]) await must(c, 'client-add-bot', { country, difficulty: 'hard' });
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

export const humanWithHardBots: Attack = {
  id: '1b',
  title: 'One person + three hard bots on 32×32, the person passing instantly (several lobbies)',
  async run(ctx) {
    const lobbies = envNumber('BENCH_BOT_LOBBIES', 4);
    const clients: BenchClient[] = [];
    for (let i = 0; i < lobbies; i++) clients.push(await botLobby(ctx.server.url, ctx.largest, 0, true));
    const metricsBefore = await ctx.server.metrics();
    const eventsBefore = ctx.attackerEvents();
    const filesBefore = ctx.server.files().total;
    let passes = 0;
    let refused = 0;
    const t0 = performance.now();
    const until = t0 + ctx.seconds * 1000;
    // Each client passes the instant the fold says it is its turn.
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
    const events = ctx.attackerEvents() - eventsBefore;
    const growth = ctx.server.files().total - filesBefore;
    const botTurns = metricDelta(metricsBefore, await ctx.server.metrics(), 'fb_bot_turns_total');
    const turnMs = ctx.config.bots.turnMs;
    ctx.figure('lobbies', `${lobbies} (each: the attacker on green + 3 hard bots, 32×32)`);
    ctx.figure(
      'attacker events/s',
      `${fmtRate(events / secs)} (${events} events in ${secs.toFixed(1)} s; before the limits: ~31,000/s per lobby)`,
    );
    ctx.figure('DB+WAL growth over the window', `${fmtBytes(growth)} (before the limits: ~330 MB in 15 s)`);
    ctx.figure(
      'bot turns/s',
      botTurns === null
        ? 'n/a (no /api/metrics)'
        : `${fmtRate(botTurns / secs)} total, ${fmtRate(botTurns / secs / lobbies)} per lobby (pacing allows ≤ ${fmtRate(1000 / turnMs)} per lobby: BOT_TURN_MS ${turnMs} + BOT_ACTION_MS ${ctx.config.bots.actionMs} per action)`,
    );
    ctx.figure('attacker passes', `${passes} accepted, ${refused} refused`);
    for (const c of clients) c.close();
  },
};
