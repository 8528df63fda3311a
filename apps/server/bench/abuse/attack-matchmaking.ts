/**
 * Attack 8, matchmaking churn (PROTOCOL §4.7, §6.2, §8.7): a botnet of identities, one address each, press
 * Quick match and leave again as fast as the server answers, filling the open lobbies list with waiting
 * lobbies, while one more address polls `GET /api/lobbies` as fast as it can. What must hold: the lobbies made
 * stay within the listed-lobby allowance of each identity, the list answer stays capped (50 lobbies), and the
 * honest players do not notice.
 */
import { OPEN_LOBBIES_MAX } from '@four-banners/protocol';
import { envNumber } from '../stats.js';
import { BenchClient, isRefusal, sleep } from './client.js';
import { refusalsSince, secondsSince, type Attack } from './harness.js';
import { fmtBytes, fmtRate, tally } from './report.js';

/** One address per identity, apart from the honest players' and the bench's own. */
const addressOf = (i: number) => `10.8.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const POLLER = '10.9.0.1';

export const matchmakingChurn: Attack = {
  id: '8',
  title: 'Matchmaking churn: a botnet pressing Quick match and leaving, and a poller hammering the open lobbies list',
  async run(ctx) {
    const url = ctx.server.url;
    // BENCH_MATCH_ONLY=presses or =poll runs one half alone, to see which one costs what.
    const only = process.env.BENCH_MATCH_ONLY;
    const people = only === 'poll' ? 0 : envNumber('BENCH_MATCH_BOTNET', 100);
    const poll = only !== 'presses';
    const before = ctx.server.counts();
    const metricsBefore = await ctx.server.metrics();
    const outcomes: Record<string, number> = {};
    let presses = 0;
    const t0 = performance.now();
    const deadline = t0 + ctx.seconds * 1000;

    const pressers = Array.from({ length: people }, async (_, i) => {
      const c = await BenchClient.connect(url, { largest: ctx.largest, address: addressOf(i), timeoutMs: 5000 });
      if (isRefusal(c)) {
        tally(outcomes, `connect refused: ${c.message}`);
        return;
      }
      const self = c.playerId;
      // Half ask for 4 seats so that their lobbies wait; any size so that they meet.
      const seats = i % 2 === 0 ? 4 : 2;
      while (performance.now() < deadline && !c.dropped) {
        presses += 1;
        const { ack } = await c.call('client-quick-match', { playerName: `Churn ${i}`, seats, size: null }, 5000);
        tally(outcomes, ack === null ? 'no answer' : ack.ok ? 'seated' : ack.error!.code);
        if (ack?.ok) await c.call('client-leave-lobby', { playerId: self }, 5000);
        else await sleep(50);
      }
      c.close();
    });

    let polls = 0;
    let largestList = 0;
    let mostListed = 0;
    const listStatuses: Record<string, number> = {};
    const poller = (async () => {
      while (poll && performance.now() < deadline) {
        polls += 1;
        const res = await fetch(`${url}/api/lobbies`, { headers: { 'x-forwarded-for': POLLER } });
        const text = await res.text();
        tally(listStatuses, String(res.status));
        largestList = Math.max(largestList, text.length);
        ctx.largest.see(text.length, 'GET /api/lobbies');
        if (res.ok) mostListed = Math.max(mostListed, (JSON.parse(text) as { lobbies: unknown[] }).lobbies.length);
      }
    })();

    await Promise.all([...pressers, poller]);
    const secs = secondsSince(t0);
    const after = ctx.server.counts();
    const lobbies = after.lobbies - before.lobbies;
    const perIdentity = ctx.config.rates.listedLobbies.capacity;
    const allowed = people * (perIdentity + ctx.config.rates.listedLobbies.refillPerSecond * secs);

    ctx.figure(
      'quick match presses',
      `${presses} in ${secs.toFixed(1)} s (${fmtRate(presses / secs)}/s, ${people} identities)`,
    );
    ctx.figure(
      'answers',
      Object.entries(outcomes)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    );
    ctx.figure(
      'lobbies made',
      `${lobbies}; the listed allowance is ${perIdentity} an hour per identity (≤ ${allowed.toFixed(0)})`,
    );
    ctx.figure(
      'open lobbies polls',
      `${polls} (${fmtRate(polls / secs)}/s): ${Object.entries(listStatuses)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    ctx.figure('largest list answer', `${fmtBytes(largestList)}, ${mostListed} lobbies at most`);
    ctx.figure('server refusals by limit', refusalsSince(metricsBefore, await ctx.server.metrics()));
    ctx.aim({
      what: '8 lobbies made by the botnet',
      aim: `≤ ${allowed.toFixed(0)}`,
      measured: String(lobbies),
      met: lobbies <= allowed,
    });
    ctx.aim({
      what: '8 lobbies in one list answer',
      aim: `≤ ${OPEN_LOBBIES_MAX}`,
      measured: String(mostListed),
      met: mostListed <= OPEN_LOBBIES_MAX,
    });
    ctx.aim({
      what: '8 list requests answered 200 from one address',
      aim: `≤ ${(ctx.config.address.openLobbies.capacity + ctx.config.address.openLobbies.refillPerSecond * secs).toFixed(0)}`,
      measured: String(listStatuses['200'] ?? 0),
      met:
        (listStatuses['200'] ?? 0) <=
        ctx.config.address.openLobbies.capacity + ctx.config.address.openLobbies.refillPerSecond * secs + 1,
    });
  },
};
