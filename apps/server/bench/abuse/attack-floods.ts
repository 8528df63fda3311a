/**
 * Attacks 2–4, floods from one address: many sockets of one identity (rates must be the player's,
 * whatever the socket count), fresh identities as fast as connections allow (each one a player row), and
 * large invalid frames as fast as the network takes them (slowed, then dropped, without hurting others).
 */
import { applyLegal, newGame, serializeGame } from '@four-banners/engine';
import { envNumber } from '../stats.js';
import { BenchClient, isRefusal, mustConnect, must, sleep, type Identity, type Largest } from './client.js';
import { metricDelta, refusalsSince, secondsSince, type Attack, type AttackContext } from './harness.js';
import { fmtBytes, fmtRate, tally } from './report.js';

interface FloodResult {
  /** The connections at the end (a dropped one replaced by its reconnection). */
  readonly sockets: BenchClient[];
  readonly ok: Record<string, number>;
  readonly refused: Record<string, number>;
  readonly timeouts: number;
  readonly drops: number;
  readonly reconnects: number;
  readonly reconnectRefusals: Record<string, number>;
  readonly seconds: number;
}

/** Connects again with the same identity until admitted or `deadline`. */
async function reconnect(
  url: string,
  auth: Identity,
  largest: Largest,
  deadline: number,
  refusals: Record<string, number>,
): Promise<BenchClient | null> {
  while (performance.now() < deadline) {
    const c = await BenchClient.connect(url, { auth, largest, timeoutMs: 5000 });
    if (!isRefusal(c)) return c;
    tally(refusals, `${c.kind}: ${c.message}`);
    await sleep(100);
  }
  return null;
}

/** What keeping sockets connected cost: drops seen, reconnects made, and why reconnects were refused. */
interface Reconnects {
  drops: number;
  reconnects: number;
  readonly refusals: Record<string, number>;
}

/**
 * Runs `step` on a live socket until `deadline`, reconnecting with the same identity whenever the
 * server drops it; returns the last socket (null when it could not get back in).
 */
async function whileConnected(
  url: string,
  first: BenchClient,
  largest: Largest,
  deadline: number,
  counts: Reconnects,
  step: (c: BenchClient) => Promise<void>,
): Promise<BenchClient | null> {
  let c: BenchClient | null = first;
  while (c && performance.now() < deadline) {
    if (c.dropped) {
      counts.drops += 1;
      c = await reconnect(url, c.identity, largest, deadline, counts.refusals);
      if (c) counts.reconnects += 1;
      continue;
    }
    await step(c);
  }
  return c;
}

/**
 * Every socket keeps `inFlight` requests outstanding for `seconds`; a dropped socket reconnects with the
 * same identity. `next(n)` is the n-th request of a socket.
 */
async function flood(
  url: string,
  sockets: BenchClient[],
  largest: Largest,
  seconds: number,
  next: (n: number) => [string, unknown],
  inFlight = 4,
): Promise<FloodResult> {
  const ok: Record<string, number> = {};
  const refused: Record<string, number> = {};
  const counts: Reconnects = { drops: 0, reconnects: 0, refusals: {} };
  let timeouts = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const live = await Promise.all(
    sockets.map((first) => {
      let n = 0;
      return whileConnected(url, first, largest, deadline, counts, async (client) => {
        const pending = new Set<Promise<void>>();
        while (!client.dropped && performance.now() < deadline) {
          while (pending.size < inFlight) {
            const [event, payload] = next(n++);
            const p: Promise<void> = client.call(event, payload, 5000).then(({ ack }) => {
              pending.delete(p);
              if (!ack) timeouts += 1;
              else if (ack.ok) tally(ok, event);
              else tally(refused, ack.error?.code ?? '?');
            });
            pending.add(p);
          }
          await Promise.race(pending);
        }
        // A dropped socket's requests are not waited for: they time out on their own.
        if (!client.dropped) await Promise.all(pending);
      });
    }),
  );
  return {
    sockets: live.filter((c): c is BenchClient => c !== null && !c.dropped),
    ok,
    refused,
    timeouts,
    drops: counts.drops,
    reconnects: counts.reconnects,
    reconnectRefusals: counts.refusals,
    seconds: secondsSince(t0),
  };
}

const describeRefusals = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, v]) => `${v}× ${k}`)
    .join('; ') || 'none';

/** Within the limit: at most the burst plus the refill over the time, with a token of slack for clocks. */
const withinLimit = (accepted: number, allowed: number) => accepted <= Math.floor(allowed) + 1;

export const oneIdentityManySockets: Attack = {
  id: '2',
  title: '20 sockets of one identity: chat flood, then lobby create/leave flood',
  async run(ctx) {
    const url = ctx.server.url;
    const wanted = envNumber('BENCH_SAME_IDENTITY_SOCKETS', 20);
    const first = await mustConnect(url, { largest: ctx.largest });
    const auth = first.identity;
    const attempts = await Promise.all(
      Array.from({ length: wanted - 1 }, () => BenchClient.connect(url, { auth, largest: ctx.largest })),
    );
    const sockets = [first, ...attempts.filter((c): c is BenchClient => !isRefusal(c))];
    const refusals: Record<string, number> = {};
    for (const c of attempts) if (isRefusal(c)) tally(refusals, `${c.kind}: ${c.message}`);
    const cap = ctx.config.socketsPerPlayer;
    ctx.figure(
      'sockets connected',
      `${sockets.length} of ${wanted} (SOCKETS_PER_PLAYER ${cap}); refused: ${describeRefusals(refusals)}`,
    );
    ctx.aim({
      what: '2 sockets of one identity',
      aim: `≤ ${cap}`,
      measured: String(sockets.length),
      met: sockets.length <= cap,
    });

    // Chat: the lobby is the attacker's own.
    await must(first, 'client-create-lobby', { playerName: 'Flood' });
    const lobbyAt = performance.now();
    const half = ctx.seconds / 2;
    const chat = await flood(url, sockets, ctx.largest, half, (n) => ['client-chat-message', { message: `spam ${n}` }]);
    const chatLimit = ctx.config.rates.chat;
    const chatOk = chat.ok['client-chat-message'] ?? 0;
    const chatAllowed = chatLimit.capacity + chatLimit.refillPerSecond * chat.seconds;
    ctx.figure(
      'chat',
      `${chatOk} accepted in ${chat.seconds.toFixed(1)} s = ${fmtRate(chatOk / chat.seconds)}/s; the limit allows ${chatAllowed.toFixed(0)} (CHAT burst ${chatLimit.capacity} + ${chatLimit.refillPerSecond}/s); refused ${describeRefusals(chat.refused)}; timeouts ${chat.timeouts}`,
    );
    ctx.figure(
      'chat flood sockets',
      `dropped ${chat.drops}×, reconnected ${chat.reconnects}×; reconnect refusals: ${describeRefusals(chat.reconnectRefusals)}`,
    );
    ctx.aim({
      what: '2 chat accepted (one identity, many sockets)',
      aim: `≤ ${chatAllowed.toFixed(0)} (the per-player limit)`,
      measured: String(chatOk),
      met: withinLimit(chatOk, chatAllowed),
    });

    // Lobby create/leave: every socket alternates; the lobby bucket is shared by create, join and leave.
    const lobby = await flood(url, chat.sockets, ctx.largest, half, (n) =>
      n % 2 === 0
        ? ['client-leave-lobby', { playerId: auth.playerId }]
        : ['client-create-lobby', { playerName: 'Flood' }],
    );
    const creates = 1 + (lobby.ok['client-create-lobby'] ?? 0);
    const leaves = lobby.ok['client-leave-lobby'] ?? 0;
    const lobbyLimit = ctx.config.rates.lobby;
    const lobbySeconds = secondsSince(lobbyAt);
    const lobbyAllowed = lobbyLimit.capacity + lobbyLimit.refillPerSecond * lobbySeconds;
    const createdAllowed = Math.min(ctx.config.rates.lobbiesCreated.capacity, lobbyAllowed);
    ctx.figure(
      'lobby create/leave',
      `${creates} creates + ${leaves} leaves accepted (setup create included) over ${lobbySeconds.toFixed(1)} s; the lobby limit allows ${lobbyAllowed.toFixed(0)} (LOBBY burst ${lobbyLimit.capacity} + ${(lobbyLimit.refillPerSecond * 60).toFixed(0)}/min), LOBBIES_PER_HOUR ${ctx.config.rates.lobbiesCreated.capacity}; refused ${describeRefusals(lobby.refused)}`,
    );
    ctx.figure(
      'lobby flood sockets',
      `dropped ${lobby.drops}×, reconnected ${lobby.reconnects}×; reconnect refusals: ${describeRefusals(lobby.reconnectRefusals)}`,
    );
    ctx.aim({
      what: '2 lobby ops accepted (one identity, many sockets)',
      aim: `≤ ${lobbyAllowed.toFixed(0)}, creates ≤ ${createdAllowed.toFixed(0)}`,
      measured: `${creates + leaves} ops, ${creates} creates`,
      met: withinLimit(creates + leaves, lobbyAllowed) && withinLimit(creates, createdAllowed),
    });
    for (const s of [...sockets, ...chat.sockets, ...lobby.sockets]) s.close();
  },
};

export const identityFlood: Attack = {
  id: '3',
  title: 'Identity flood: connections without auth from one address, as fast as possible',
  async run(ctx) {
    const url = ctx.server.url;
    const parallel = envNumber('BENCH_IDENTITY_PARALLEL', 20);
    const before = ctx.server.counts().players;
    const metricsBefore = await ctx.server.metrics();
    const refusals: Record<string, number> = {};
    let attempts = 0;
    let admitted = 0;
    const t0 = performance.now();
    const deadline = t0 + ctx.seconds * 1000;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (performance.now() < deadline) {
          attempts += 1;
          const c = await BenchClient.connect(url, { largest: ctx.largest, timeoutMs: 5000 });
          if (isRefusal(c)) tally(refusals, `${c.kind}: ${c.message}`);
          else {
            admitted += 1;
            c.close();
          }
        }
      }),
    );
    const secs = secondsSince(t0);
    await sleep(200);
    const rows = ctx.server.counts().players - before;
    const limit = ctx.config.address.newIdentities;
    const allowed = limit.capacity + limit.refillPerSecond * secs;
    ctx.figure(
      'connection attempts',
      `${attempts} in ${secs.toFixed(1)} s (${fmtRate(attempts / secs)}/s, ${parallel} at a time)`,
    );
    ctx.figure('admitted (server-hello)', String(admitted));
    ctx.figure('refused', describeRefusals(refusals));
    ctx.figure(
      'player rows written',
      `${rows}; NEW_IDENTITY allows ${allowed.toFixed(0)} (burst ${limit.capacity} + ${(limit.refillPerSecond * 60).toFixed(0)}/min); before the limits: 5,000 in 6 s`,
    );
    ctx.figure('server refusals by limit', refusalsSince(metricsBefore, await ctx.server.metrics()));
    ctx.aim({
      what: '3 player rows from one address',
      aim: `≤ ${allowed.toFixed(0)}`,
      measured: String(rows),
      met: withinLimit(rows, allowed),
    });
  },
};

/** Three kinds of ~126 KB frames the server must refuse: an over-long chat, an unknown event, a save too large. */
function invalidFrames(): { event: string; payload: unknown; bytes: number }[] {
  let game = newGame(32, 32, 5);
  for (const country of [0, 1, 2, 3] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
  game = applyLegal(game, { id: 'generate', info: { w: 32, h: 32, seed: 5 } }, 0);
  const save = serializeGame(game);
  // Twice the tiles a lobby map may have: fully parsed before it can be refused.
  const tooBig = { state: { ...save, tiles: [...save.tiles, ...save.tiles] } };
  const text = 'x'.repeat(126 * 1024);
  const frames = [
    { event: 'client-chat-message', payload: { message: text } },
    { event: 'client-bogus-event', payload: text },
    { event: 'client-load-save', payload: tooBig },
  ];
  return frames.map((f) => ({ ...f, bytes: JSON.stringify([f.event, f.payload]).length + 6 }));
}

export const invalidFrameFlood: Attack = {
  id: '4',
  title: 'Invalid frames: sockets sending ~126 KB invalid frames as fast as they can, reconnecting when dropped',
  async run(ctx: AttackContext) {
    const url = ctx.server.url;
    const count = envNumber('BENCH_INVALID_SOCKETS', 8);
    const frames = invalidFrames();
    const metricsBefore = await ctx.server.metrics();
    const first = await Promise.all(Array.from({ length: count }, () => mustConnect(url, { largest: ctx.largest })));
    const answers: Record<string, number> = {};
    const counts: Reconnects = { drops: 0, reconnects: 0, refusals: {} };
    let sent = 0;
    let bytes = 0;
    const t0 = performance.now();
    const deadline = t0 + ctx.seconds * 1000;
    await Promise.all(
      first.map(async (initial) => {
        let k = 0;
        const last = await whileConnected(url, initial, ctx.largest, deadline, counts, async (c) => {
          // As fast as the network takes them: write while less than a megabyte is unsent, else wait for it.
          if (c.unsentBytes() >= 1 << 20) {
            await sleep(1);
            return;
          }
          const f = frames[k++ % frames.length]!;
          c.socket.emit(f.event, f.payload, (ack: { ok: boolean; error?: { code: string } }) =>
            tally(answers, ack.ok ? 'ok' : (ack.error?.code ?? '?')),
          );
          sent += 1;
          bytes += f.bytes;
          await new Promise((r) => setImmediate(r));
        });
        last?.close();
      }),
    );
    const { drops, reconnects, refusals: reconnectRefusals } = counts;
    const secs = secondsSince(t0);
    const answered = Object.values(answers).reduce((a, b) => a + b, 0);
    const metricsAfter = await ctx.server.metrics();
    const serverDrops = metricDelta(
      metricsBefore,
      metricsAfter,
      'fb_connections_dropped_total',
      'reason="invalid_frames"',
    );
    ctx.figure('sockets', `${count} (each its own identity, reconnecting with it when dropped)`);
    ctx.figure(
      'frames sent',
      `${sent} in ${secs.toFixed(1)} s (${fmtRate(sent / secs)}/s, ${fmtBytes(bytes / secs)}/s; ${frames.map((f) => fmtBytes(f.bytes)).join(' / ')} each); before the limits: 11,000 in 10 s`,
    );
    ctx.figure(
      'frames answered',
      `${answered} (${
        Object.entries(answers)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || 'none'
      })`,
    );
    ctx.figure(
      'disconnects',
      `${drops} seen by the attacker (server counted ${serverDrops ?? 'n/a'} for invalid frames), ${reconnects} reconnects; reconnect refusals: ${describeRefusals(reconnectRefusals)}`,
    );
    ctx.figure('server refusals by limit', refusalsSince(metricsBefore, metricsAfter));
  },
};
