/**
 * Attack 7: sustained writes at the highest rate the limits allow, for a minute. Every identity sits
 * in a 32×32 lobby of its own (with a bot, so there is a map) and changes the map's seed as fast as its
 * action limit allows — each change regenerates the map and is logged — and chats as fast as the chat
 * limit allows. (a) one address: as many identities as it may make over the minute; (b) a botnet: many
 * addresses (X-Forwarded-For), each with its identities.
 */
import { envNumber } from '../stats.js';
import { BenchClient, Pacer, isRefusal, must, sleep } from './client.js';
import { refusalsSince, secondsSince, type Attack, type AttackContext } from './harness.js';
import { fmtBytes, fmtRate, tally } from './report.js';

/** Requests a writer may have unanswered before it waits (a server that falls behind slows it down). */
const MAX_IN_FLIGHT = 20;

interface Counters {
  writers: number;
  ok: number;
  refused: Record<string, number>;
  dropped: number;
}

/** Sets up the identity's lobby, then writes at its limits until `deadline`. */
async function writer(ctx: AttackContext, c: BenchClient, deadline: number, n: Counters): Promise<void> {
  await must(c, 'client-create-lobby', { playerName: 'Writer' });
  await must(c, 'client-change-country', { country: 0 });
  await must(c, 'client-add-bot', { country: 1, difficulty: 'easy' });
  await must(c, 'client-lobby-update', { w: 32, h: 32 });
  n.writers += 1;
  let inFlight = 0;
  const send = (event: string, payload: unknown) => {
    inFlight += 1;
    void c.call(event, payload, 30_000).then(({ ack }) => {
      inFlight -= 1;
      if (ack?.ok) n.ok += 1;
      else tally(n.refused, ack?.error?.code ?? 'timeout');
    });
  };
  const { actions, chat } = ctx.config.rates;
  const seeds = (async () => {
    const pacer = new Pacer(actions.capacity - 3, actions.refillPerSecond);
    while (performance.now() < deadline && !c.dropped) {
      await pacer.take();
      while (inFlight >= MAX_IN_FLIGHT && !c.dropped) await sleep(5);
      send('client-lobby-update', { seed: Math.floor(Math.random() * 2 ** 31) });
    }
  })();
  const talk = (async () => {
    const pacer = new Pacer(chat.capacity, chat.refillPerSecond);
    for (let i = 0; performance.now() < deadline && !c.dropped; i++) {
      await pacer.take();
      send('client-chat-message', { message: `sustained ${i}` });
    }
  })();
  await Promise.all([seeds, talk]);
  if (c.dropped) n.dropped += 1;
  // The last answers are waited for (briefly), so a request in flight at the end is not counted as lost.
  for (let waited = 0; inFlight > 0 && !c.dropped && waited < 5000; waited += 10) await sleep(10);
  c.close();
}

export function sustainedWrites(botnet: boolean): Attack {
  const addresses = botnet ? envNumber('BENCH_BOTNET_ADDRESSES', 200) : 1;
  const perAddress = botnet ? envNumber('BENCH_BOTNET_IDENTITIES', 1) : 0;
  return {
    id: botnet ? '7b' : '7a',
    title: botnet
      ? `Sustained writes, botnet: ${addresses} addresses × ${perAddress} identit${perAddress > 1 ? 'ies' : 'y'}, each at its limits`
      : 'Sustained writes from one address: every identity it may make, each at its limits',
    seconds: envNumber('BENCH_SUSTAINED_SECONDS', 60),
    async run(ctx) {
      const url = ctx.server.url;
      const metricsBefore = await ctx.server.metrics();
      const eventsBefore = ctx.attackerEvents();
      const dbBefore = ctx.server.files().db;
      const t0 = performance.now();
      const deadline = t0 + ctx.seconds * 1000;
      const n: Counters = { writers: 0, ok: 0, refused: {}, dropped: 0 };
      const writers: Promise<void>[] = [];
      const refusals: Record<string, number> = {};
      const start = (c: BenchClient) =>
        writers.push(writer(ctx, c, deadline, n).catch((e: unknown) => tally(refusals, `setup: ${String(e)}`)));
      if (botnet) {
        // The bots connect 20 at a time, each starting to write as soon as it is in.
        const bots = Array.from(
          { length: addresses * perAddress },
          (_, i) => `10.7.${(i / perAddress) >> 8}.${(Math.floor(i / perAddress) & 255) + 1}`,
        );
        for (let i = 0; i < bots.length; i += 20) {
          await Promise.all(
            bots.slice(i, i + 20).map(async (address) => {
              const c = await BenchClient.connect(url, { largest: ctx.largest, address });
              if (isRefusal(c)) tally(refusals, `${c.kind}: ${c.message}`);
              else start(c);
            }),
          );
        }
      } else {
        // One address: a new identity whenever the limits allow one, up to the connection cap.
        let connected = 0;
        while (performance.now() < deadline && connected < ctx.config.address.connections) {
          const c = await BenchClient.connect(url, { largest: ctx.largest });
          if (isRefusal(c)) {
            tally(refusals, `${c.kind}: ${c.message}`);
            await sleep(1000);
          } else {
            connected += 1;
            start(c);
          }
        }
      }
      await sleep(deadline - performance.now());
      await Promise.all(writers);
      const secs = secondsSince(t0);
      const events = ctx.attackerEvents() - eventsBefore;
      const { actions, chat } = ctx.config.rates;
      ctx.figure(
        'writers',
        `${n.writers} identities writing (${addresses} address${addresses > 1 ? 'es' : ''}); each allowed ${actions.refillPerSecond}/s seed changes (burst ${actions.capacity}) + ${chat.refillPerSecond}/s chat (burst ${chat.capacity}); connection refusals: ${
          Object.entries(refusals)
            .map(([k, v]) => `${v}× ${k}`)
            .join('; ') || 'none'
        }`,
      );
      const allowedPerWriter = actions.refillPerSecond + chat.refillPerSecond;
      ctx.figure(
        'events/s achieved',
        `${fmtRate(events / secs)} (${events} attacker events in ${secs.toFixed(0)} s, ${fmtRate(events / secs / Math.max(1, n.writers))}/s per writer of ${allowedPerWriter}/s allowed after the bursts); acks ok ${n.ok}, refused ${
          Object.entries(n.refused)
            .map(([k, v]) => `${k}×${v}`)
            .join(' ') || 'none'
        }; writers dropped ${n.dropped}`,
      );
      const dbGrowth = ctx.server.files().db - dbBefore;
      ctx.figure(
        'database file growth (WAL apart)',
        `${fmtBytes(dbGrowth)} in ${secs.toFixed(0)} s: ${fmtBytes((dbGrowth / secs) * 86_400)} a day at this rate (the lobbies never start, so no turn cap applies)`,
      );
      ctx.figure('server refusals by limit', refusalsSince(metricsBefore, await ctx.server.metrics()));
    },
  };
}
