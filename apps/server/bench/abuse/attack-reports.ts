/**
 * Attack 9, moderation abuse (PROTOCOL §4.9, §8.8): many identities on one address flood `client-report`
 * about each other (rows must stay within the per-player and per-address report rates, duplicates adding
 * none), then a flood of admin API requests with wrong tokens from one address (401s must stay within
 * `ADMIN_FAILURE_*`, then 429). The honest players, on addresses of their own, measure their round trips.
 */
import { envNumber } from '../stats.js';
import { BenchClient, isRefusal, must, type Largest } from './client.js';
import { metricDelta, secondsSince, type Attack, type AttackContext } from './harness.js';
import { tally } from './report.js';

const REASONS = ['abuse', 'cheating', 'spam', 'other'] as const;

const describe = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, v]) => `${v}× ${k}`)
    .join('; ') || 'none';

/** Identities from the attacker's one address, as many as the server admits, seated four to a lobby. */
async function seatedIdentities(url: string, wanted: number, largest: Largest): Promise<BenchClient[][]> {
  const admitted: BenchClient[] = [];
  for (let i = 0; i < wanted; i++) {
    const c = await BenchClient.connect(url, { largest, timeoutMs: 5000 });
    if (!isRefusal(c)) admitted.push(c);
  }
  const lobbies: BenchClient[][] = [];
  for (let i = 0; i + 1 < admitted.length; i += 4) {
    const group = admitted.slice(i, i + 4);
    const [first, ...rest] = group;
    // The new lobby's state arrives before the acknowledgement: listened for first.
    const created = new Promise<string>((resolve) => {
      first!.socket.once('server-sync-state', (s: { lobby: { lobbyId: string } }) => resolve(s.lobby.lobbyId));
    });
    await must(first!, 'client-create-lobby', { playerName: 'Reporter 0' });
    const lobbyId = await created;
    for (const [n, c] of rest.entries())
      await must(c, 'client-join-lobby', { lobbyId, playerName: `Reporter ${n + 1}` });
    lobbies.push(group);
  }
  return lobbies;
}

async function reportFlood(ctx: AttackContext, seconds: number): Promise<void> {
  const url = ctx.server.url;
  const lobbies = await seatedIdentities(url, envNumber('BENCH_REPORT_IDENTITIES', 16), ctx.largest);
  const reporters = lobbies.flat();
  const before = await ctx.server.metrics();
  const answers: Record<string, number> = {};
  let sent = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    lobbies.flatMap((group) =>
      group.map(async (me, i) => {
        const others = group.filter((c) => c !== me);
        let n = i;
        while (performance.now() < deadline && !me.dropped && others.length > 0) {
          const target = others[n % others.length]!;
          const reason = REASONS[n % REASONS.length]!;
          n += 1;
          sent += 1;
          const { ack } = await me.call(
            'client-report',
            { playerId: target.playerId, reason, note: `flood ${n}` },
            5000,
          );
          tally(answers, ack === null ? 'timeout' : ack.ok ? 'ok' : (ack.error?.code ?? '?'));
        }
      }),
    ),
  );
  const took = secondsSince(t0);
  const rows = ctx.server.query((db) => (db.prepare('SELECT count(*) AS n FROM reports').get() as { n: number }).n);
  const after = await ctx.server.metrics();
  const perPlayer = ctx.config.rates.reports;
  const perAddress = ctx.config.address.reports;
  const allowedByAddress = perAddress.capacity + perAddress.refillPerSecond * took;
  const allowedByPlayers = reporters.length * (perPlayer.capacity + perPlayer.refillPerSecond * took);
  const allowed = Math.min(allowedByAddress, allowedByPlayers);
  ctx.figure(
    'report flood',
    `${reporters.length} identities of one address in ${lobbies.length} lobbies sent ${sent} reports in ${took.toFixed(1)} s; answers ${describe(answers)}`,
  );
  ctx.figure(
    'report rows written',
    `${rows} (REPORT ${perPlayer.capacity} + ${(perPlayer.refillPerSecond * 3600).toFixed(0)}/h per player, ADDRESS_REPORT ${perAddress.capacity} + ${(perAddress.refillPerSecond * 3600).toFixed(0)}/h per address: at most ${allowed.toFixed(1)}); fb_reports_total +${metricDelta(before, after, 'fb_reports_total') ?? 'n/a'}`,
  );
  ctx.aim({
    what: '9 report rows written',
    aim: `≤ ${Math.floor(allowed) + 1} (the report rates)`,
    measured: String(rows),
    met: rows <= Math.floor(allowed) + 1,
  });
  for (const c of reporters) c.close();
}

async function wrongTokenFlood(ctx: AttackContext, seconds: number): Promise<void> {
  const url = `${ctx.server.url}/api/admin/bans`;
  const parallel = envNumber('BENCH_ADMIN_PARALLEL', 8);
  const statuses: Record<string, number> = {};
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < deadline) {
        n += 1;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer guess-${n}`, 'content-type': 'application/json' },
            body: JSON.stringify({ target: { identity: 'honest' }, reason: 'takeover' }),
          });
          const body = (await res.json()) as { error?: { code?: string } };
          tally(statuses, `${res.status} ${body.error?.code ?? ''}`.trim());
        } catch (e) {
          tally(statuses, `error ${(e as Error).message.slice(0, 40)}`);
        }
      }
    }),
  );
  const took = secondsSince(t0);
  const failures = ctx.config.address.adminFailures;
  const allowed = failures.capacity + failures.refillPerSecond * took;
  const unauthorized = statuses['401 unauthorized'] ?? 0;
  const sanctions = ctx.server.query(
    (db) => (db.prepare('SELECT count(*) AS n FROM sanctions').get() as { n: number }).n,
  );
  ctx.figure(
    'wrong admin tokens',
    `${n} requests from one address in ${took.toFixed(1)} s, ${parallel} in parallel; answers ${describe(statuses)}; sanctions written ${sanctions}`,
  );
  ctx.aim({
    what: '9 wrong tokens answered 401 (the rest 429)',
    aim: `≤ ${Math.floor(allowed) + 1} (ADMIN_FAILURE ${failures.capacity} + ${(failures.refillPerSecond * 60).toFixed(0)}/min)`,
    measured: String(unauthorized),
    met: unauthorized <= Math.floor(allowed) + 1 && sanctions === 0,
  });
}

export const moderationAbuse: Attack = {
  id: '9',
  title: 'Moderation abuse: a report flood from many identities on one address, then wrong admin tokens',
  async run(ctx) {
    const half = ctx.seconds / 2;
    await reportFlood(ctx, half);
    await wrongTokenFlood(ctx, half);
  },
};
