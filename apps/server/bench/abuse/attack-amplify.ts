/**
 * Attacks 5 and 6, large answers: a lobby's log fed with 32×32 saves as fast as the save limit allows
 * (admins taking turns), then read back in loops by HTTP pages and full resyncs; and readers that ask
 * for large answers and stop reading, so the answers pile up in the server.
 */
import { applyLegal, newGame, serializeGame, type SerializedGame } from '@four-banners/engine';
import { envNumber } from '../stats.js';
import { BenchClient, Pacer, isRefusal, must, mustConnect, sleep, type Largest } from './client.js';
import { metricDelta, refusalsSince, secondsSince, type Attack, type AttackContext } from './harness.js';
import { fmtBytes, fmtRate, tally } from './report.js';

/** A 32×32 save of four countries (~58 KB as JSON). */
export function bigSave(): SerializedGame {
  let game = newGame(32, 32, 9);
  for (const country of [0, 1, 2, 3] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
  return serializeGame(applyLegal(game, { id: 'generate', info: { w: 32, h: 32, seed: 9 } }, 0));
}

/**
 * What one full resync of a lobby holding `bigSave()` costs in the resync limit (KiB sent, plus the
 * request's own token), so attackers ask exactly as fast as the limit allows.
 */
function snapshotCost(): number {
  return 1 + (JSON.stringify(bigSave()).length + 1024) / 1024;
}

/** Up to `max` fresh identities from `address` (fewer when the new-identity limit refuses). */
async function identities(url: string, max: number, largest: Largest, address?: string): Promise<BenchClient[]> {
  const out: BenchClient[] = [];
  while (out.length < max) {
    const c = await BenchClient.connect(url, { largest, fold: true, ...(address ? { address } : {}) });
    if (isRefusal(c)) break;
    out.push(c);
  }
  return out;
}

/** Takes a free colour of the loaded game, if the seat has none. */
async function takeFreeColour(c: BenchClient): Promise<void> {
  const state = c.state;
  if (!state) return;
  const me = state.players.find((p) => p.id === c.playerId);
  if (!me || me.country !== -1) return;
  const free = state.game.countries.map((x) => x.id).find((id) => !state.players.some((p) => p.country === id));
  if (free !== undefined) await c.call('client-change-country', { country: free });
}

interface Fed {
  readonly lobbyId: string;
  readonly seated: BenchClient[];
  readonly saves: number;
  readonly identities: number;
  readonly handovers: number;
}

/** One lobby fed with saves for `seconds`: the admin loads until refused, leaves, and a waiting identity takes the seat. */
async function feedWithSaves(ctx: AttackContext, seconds: number): Promise<Fed> {
  const url = ctx.server.url;
  const save = bigSave();
  const pool = await identities(url, 10, ctx.largest);
  if (pool.length < 2) throw new Error(`only ${pool.length} identities were admitted`);
  const seated = pool.slice(0, 4);
  const waiting = pool.slice(4);
  await must(seated[0]!, 'client-create-lobby', { playerName: 'Feeder' });
  while (!seated[0]!.state) await sleep(10);
  const lobbyId = seated[0]!.state.lobbyId;
  for (const c of seated.slice(1)) await must(c, 'client-join-lobby', { lobbyId, playerName: 'Feeder' });
  let saves = 0;
  let handovers = 0;
  let adminId = seated[0]!.playerId;
  // When each identity may load again (a client-side guess from the save limit's refill), so refusals stay
  // rare: every refusal is also a strike against the socket.
  const readyAt = new Map<string, number>();
  const refill = 1000 / ctx.config.rates.saves.refillPerSecond;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const admin = seated.find((c) => c.playerId === adminId)!;
    if ((readyAt.get(adminId) ?? 0) <= performance.now()) {
      const { ack } = await admin.call('client-load-save', { state: save });
      if (ack?.ok) {
        saves += 1;
        continue;
      }
      if (ack?.error?.code !== 'rate_limited')
        throw new Error(`load-save: ${ack?.error?.code ?? 'no ack'} ${ack?.error?.message ?? ''}`);
      readyAt.set(adminId, performance.now() + refill);
    }
    const next = waiting.find((c) => (readyAt.get(c.playerId) ?? 0) <= performance.now());
    if (!next || seated.length < 2) {
      await sleep(Math.min(1000, Math.max(50, deadline - performance.now())));
      continue;
    }
    // Hand the lobby over: the admin leaves (the next person becomes admin) and a waiting identity sits down.
    const left = await admin.call('client-leave-lobby', { playerId: admin.playerId });
    if (!left.ack?.ok) {
      await sleep(1000);
      continue;
    }
    handovers += 1;
    seated.splice(seated.indexOf(admin), 1);
    waiting.push(admin);
    adminId = admin.state?.adminId ?? seated[0]!.playerId;
    waiting.splice(waiting.indexOf(next), 1);
    const joined = await next.call('client-join-lobby', { lobbyId, playerName: 'Feeder' });
    if (joined.ack?.ok) seated.push(next);
    else waiting.push(next);
  }
  for (const c of seated) await takeFreeColour(c);
  const admin = seated.find((c) => c.playerId === adminId)!;
  // Should a colour be left without a person, an easy bot takes it (the game must start to be public).
  await sleep(200);
  const state = admin.state!;
  for (const country of state.game.countries.map((x) => x.id)) {
    if (!state.players.some((p) => p.country === country))
      await must(admin, 'client-add-bot', { country, difficulty: 'easy' });
  }
  await must(admin, 'client-game-action', { id: 'start', info: {} });
  for (const c of waiting) c.close();
  return { lobbyId, seated, saves, identities: pool.length, handovers };
}

interface ReadStats {
  pages: number;
  bytes: number;
  largest: number;
  status: Record<string, number>;
}

/** Pages through the game's events from the start, again and again, until `deadline`. */
async function readEvents(
  url: string,
  lobbyId: string,
  deadline: number,
  stats: ReadStats,
  largest: Largest,
  address?: string,
) {
  let from = 1;
  const headers: Record<string, string> = address ? { 'x-forwarded-for': address } : {};
  while (performance.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/games/${lobbyId}/events?from=${from}`, { headers });
      const body = Buffer.from(await res.arrayBuffer());
      tally(stats.status, String(res.status));
      largest.see(body.length, 'GET /api/games/:id/events');
      stats.largest = Math.max(stats.largest, body.length);
      if (res.status !== 200) continue;
      stats.pages += 1;
      stats.bytes += body.length;
      const page = JSON.parse(body.toString()) as { events: { seq: number }[]; lastSeq: number };
      const last = page.events.at(-1)?.seq ?? page.lastSeq;
      from = last >= page.lastSeq ? 1 : last + 1;
    } catch {
      tally(stats.status, 'error');
      await sleep(10);
    }
  }
}

export const amplification: Attack = {
  id: '5',
  title: 'Amplification: a lobby fed with 32×32 saves, then 8 HTTP readers paging /events + full resyncs in loops',
  async run(ctx) {
    const url = ctx.server.url;
    const feedSeconds = ctx.seconds;
    const fed = await feedWithSaves(ctx, feedSeconds);
    const log = ctx.server.query(
      (db) =>
        db
          .prepare(
            'SELECT count(*) AS n, coalesce(sum(length(payload)), 0) AS bytes FROM lobby_events WHERE lobby_id = ?',
          )
          .get(fed.lobbyId) as { n: number; bytes: number },
    );
    ctx.figure(
      'feed',
      `${fed.saves} saves of ${fmtBytes(JSON.stringify(bigSave()).length)} loaded in ${feedSeconds.toFixed(0)} s by ${fed.identities} identities (${fed.handovers} admin hand-overs; SAVE burst ${ctx.config.rates.saves.capacity} + ${(ctx.config.rates.saves.refillPerSecond * 60).toFixed(0)}/min per player): the log holds ${log.n} events, ${fmtBytes(log.bytes)} of payload`,
    );
    const metricsBefore = await ctx.server.metrics();
    const readers = envNumber('BENCH_READERS', 8);
    const half = ctx.seconds / 2;
    const http: ReadStats[] = [];
    const sync = { answers: 0, snapshots: 0, largest: 0, refused: {} as Record<string, number> };
    const t0 = performance.now();
    const end = t0 + ctx.seconds * 1000;
    // Full resyncs from every seat, 2 sockets each, as fast as the resync limit allows (faster is dropped).
    const cost = snapshotCost();
    const syncers = fed.seated.map(async (seat) => {
      const second = await mustConnect(url, { auth: seat.identity, largest: ctx.largest });
      const pacer = new Pacer(ctx.config.rates.syncKiB.capacity, ctx.config.rates.syncKiB.refillPerSecond);
      await Promise.all(
        [seat, second].map(async (c) => {
          while (performance.now() < end && !c.dropped) {
            await pacer.take(cost);
            const { ack } = await c.call<{ ok: boolean; snapshot?: unknown; error?: { code: string } }>(
              'client-sync-state',
              {
                lobbyId: fed.lobbyId,
                afterSeq: 0,
              },
            );
            if (!ack) continue;
            const bytes = JSON.stringify(ack).length;
            sync.largest = Math.max(sync.largest, bytes);
            if (!ack.ok) tally(sync.refused, ack.error?.code ?? '?');
            else {
              sync.answers += 1;
              if (ack.snapshot) sync.snapshots += 1;
            }
          }
        }),
      );
      second.close();
    });
    // HTTP readers: the first half from one address, the second half each from its own.
    const phases = [
      { label: `${readers} readers, one address`, until: t0 + half * 1000, address: (_: number) => undefined },
      { label: `${readers} readers, ${readers} addresses`, until: end, address: (i: number) => `10.5.0.${i + 1}` },
    ];
    for (const phase of phases) {
      const stats: ReadStats = { pages: 0, bytes: 0, largest: 0, status: {} };
      http.push(stats);
      await Promise.all(
        Array.from({ length: readers }, (_, i) =>
          readEvents(url, fed.lobbyId, phase.until, stats, ctx.largest, phase.address(i)),
        ),
      );
    }
    await Promise.all(syncers);
    const secs = secondsSince(t0);
    for (const [i, phase] of phases.entries()) {
      const s = http[i]!;
      ctx.figure(
        `GET /events, ${phase.label}`,
        `${s.pages} pages, ${fmtBytes(s.bytes)} (${fmtBytes(s.bytes / (secs / 2))}/s), largest ${fmtBytes(s.largest)}; statuses ${Object.entries(
          s.status,
        )
          .map(([k, v]) => `${k}×${v}`)
          .join(' ')}`,
      );
    }
    ctx.figure(
      'client-sync-state {afterSeq: 0}',
      `${sync.answers} answered (${sync.snapshots} as snapshots), largest ack ${fmtBytes(sync.largest)}; refused ${
        Object.entries(sync.refused)
          .map(([k, v]) => `${k}×${v}`)
          .join(' ') || 'none'
      }`,
    );
    ctx.figure('server refusals by limit', refusalsSince(metricsBefore, await ctx.server.metrics()));
    ctx.figure('before the limits', '58 MB in one response; 8 readers took RSS 0.5 → 1.2 GB and a round trip to 10 s');
    for (const c of fed.seated) c.close();
  },
};

/**
 * Readers that stop reading: per address as many identities as it may make, each in a lobby of its own
 * with a 32×32 save, holding as many sockets as allowed, all paused; each identity asks for full resyncs
 * as fast as its action limit allows, spread over its sockets. Then they leave, and RSS is read again.
 */
export function slowReaders(addresses: number): Attack {
  return {
    id: addresses > 1 ? '6b' : '6a',
    title: `Slow readers: paused sockets asking for full resyncs, ${addresses > 1 ? `${addresses} addresses (X-Forwarded-For)` : 'one address'}`,
    async run(ctx) {
      const url = ctx.server.url;
      const save = bigSave();
      const perPlayer = ctx.config.socketsPerPlayer;
      const perAddress = ctx.config.address.connections;
      const groups: { lobbyId: string; sockets: BenchClient[] }[] = [];
      for (let a = 0; a < addresses; a++) {
        const address = addresses > 1 ? `10.6.${a >> 8}.${(a & 255) + 1}` : undefined;
        const admins = await identities(url, Math.floor(perAddress / perPlayer), ctx.largest, address);
        for (const admin of admins) {
          await must(admin, 'client-create-lobby', { playerName: 'Slow' });
          await must(admin, 'client-load-save', { state: save });
          while (!admin.state) await sleep(10);
          const sockets = [admin];
          for (let i = 1; i < perPlayer; i++) {
            const c = await BenchClient.connect(url, { auth: admin.identity, ...(address ? { address } : {}) });
            if (!isRefusal(c)) sockets.push(c);
          }
          groups.push({ lobbyId: admin.state.lobbyId, sockets });
        }
      }
      const all = groups.flatMap((g) => g.sockets);
      const metricsBefore = await ctx.server.metrics();
      for (const c of all) c.stopReading();
      let sent = 0;
      const t0 = performance.now();
      const deadline = t0 + ctx.seconds * 1000;
      const cost = snapshotCost();
      // Half the identities aim every answer at one socket (what the slow-reader drop is for); the other
      // half spread them over all their sockets, so each one's backlog grows five times slower.
      const concentrated = (i: number) => i % 2 === 0;
      await Promise.all(
        groups.map(async (g, gi) => {
          const pacer = new Pacer(ctx.config.rates.syncKiB.capacity, ctx.config.rates.syncKiB.refillPerSecond);
          for (let i = 0; performance.now() < deadline; i++) {
            await pacer.take(cost);
            const target = concentrated(gi) ? g.sockets[0]! : g.sockets[i % g.sockets.length]!;
            target.socket.emit('client-sync-state', { lobbyId: g.lobbyId, afterSeq: 0 }, () => undefined);
            sent += 1;
          }
        }),
      );
      const secs = secondsSince(t0);
      const metricsAfter = await ctx.server.metrics();
      const dropped = metricDelta(metricsBefore, metricsAfter, 'fb_connections_dropped_total', 'reason="slow_reader"');
      const struck = metricDelta(
        metricsBefore,
        metricsAfter,
        'fb_connections_dropped_total',
        'reason="invalid_frames"',
      );
      const rssLoaded = ctx.server.memory().rss;
      const kernelLoaded = ctx.server.kernelSendQueue();
      // Reading again shows which connections the server had cut.
      for (const c of all) c.tcp()?.resume();
      await sleep(2000);
      const cut = (pick: (gi: number) => boolean) => {
        const sockets = groups
          .filter((_, gi) => pick(gi))
          .flatMap((g) => (concentrated(groups.indexOf(g)) ? g.sockets.slice(0, 1) : g.sockets));
        return `${sockets.filter((c) => c.dropped).length} of ${sockets.length}`;
      };
      const cutConcentrated = cut(concentrated);
      const cutSpread = cut((gi) => !concentrated(gi));
      for (const c of all) c.close();
      await sleep(3000);
      const rssAfter = ctx.server.memory().rss;
      const snapshot = JSON.stringify(save).length;
      ctx.figure(
        'slow readers',
        `${all.length} paused sockets of ${groups.length} identities (${addresses} address${addresses > 1 ? 'es' : ''}; SOCKETS_PER_PLAYER ${perPlayer}, CONNECTIONS_PER_ADDRESS ${perAddress})`,
      );
      ctx.figure(
        'resyncs asked',
        `${sent} in ${secs.toFixed(1)} s (${fmtRate(sent / secs)}/s, ~${fmtBytes(snapshot)} each: ~${fmtBytes((sent * snapshot) / secs)}/s of answers to nobody; paced to SYNC_KIB ${ctx.config.rates.syncKiB.capacity} + ${ctx.config.rates.syncKiB.refillPerSecond}/s per identity, the burst sent at once)`,
      );
      ctx.figure(
        'dropped as slow readers',
        `${dropped ?? 'n/a'} by the server's count (SOCKET_BUFFER_BYTES ${fmtBytes(ctx.config.bytes.socketBuffer)}; another ${struck ?? 'n/a'} dropped for refused frames); connections found cut afterwards: ${cutConcentrated} of those receiving every answer of their identity, ${cutSpread} of those sharing them five ways`,
      );
      ctx.figure(
        'memory held for the readers',
        `at the end of the window: server RSS ${fmtBytes(rssLoaded)} and ${fmtBytes(kernelLoaded)} in the kernel's send queues of the server's sockets (outside RSS, never looked at by the slow-reader check); RSS ${fmtBytes(rssAfter)} 3 s after the readers left`,
      );
      ctx.figure('server refusals by limit', refusalsSince(metricsBefore, metricsAfter));
      ctx.figure('before the limits', 'a client that stops reading kept ~1 GB pinned');
    },
  };
}
