/**
 * `npm run bench:abuse` (apps/server): attacks the server the way an anonymous visitor could, each against
 * a fresh server with its DEFAULT limits, while two honest players measure their round trips, and prints
 * figures beside a quiet baseline: honest p50/p99, peak RSS, the largest single response, database and
 * WAL sizes, and each attack's own counts. A benchmark, not a test: missed aims are printed, never failed.
 *
 * BENCH_SERVER=dist (default: `node dist/main.js`, what `npm start` runs) or source (tsx on src/);
 * BENCH_ABUSE_SECONDS (12) per attack, BENCH_SUSTAINED_SECONDS (60) for attack 7, BENCH_ONLY=1a,5,7b to
 * run some; BENCH_CPU_PROF=<dir> keeps each server's V8 CPU profile there; the other knobs are read where
 * they are used (bench/abuse/attack-*.ts).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { configFromEnv, type ServerConfig } from '../src/common/config.js';
import { botsOnlyGame, humanWithExpertBots, humanWithHardBots } from './abuse/attack-bots.js';
import { amplification, slowReaders } from './abuse/attack-amplify.js';
import { identityFlood, invalidFrameFlood, oneIdentityManySockets } from './abuse/attack-floods.js';
import { matchmakingChurn } from './abuse/attack-matchmaking.js';
import { moderationAbuse } from './abuse/attack-reports.js';
import { sustainedWrites } from './abuse/attack-writes.js';
import { sleep } from './abuse/client.js';
import { runAttack, type Attack, type AttackResult } from './abuse/harness.js';
import { aimsOf, fmtBytes, printDetails, printSummary, printTable } from './abuse/report.js';
import { SERVER_ROOT, cleanUpEverything, serverEnv, type ServerMode } from './abuse/server-process.js';
import { envNumber } from './stats.js';

const MODE: ServerMode = process.env.BENCH_SERVER === 'source' ? 'source' : 'dist';
const SECONDS = envNumber('BENCH_ABUSE_SECONDS', 12);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/**
 * Every server trusts one proxy, so the honest players and the bench's own requests have addresses of
 * their own (X-Forwarded-For) and never share the attackers' per-address budgets; attackers from "one
 * address" send no header and are keyed by 127.0.0.1, a botnet sends one address per identity.
 */
const COMMON = { LOG: process.env.BENCH_SERVER_LOG === 'on' ? 'on' : 'off', TRUST_PROXY: '1' };

const quietBaseline: Attack = {
  id: '0',
  title: 'Quiet baseline: the honest players alone',
  run: (ctx) => sleep(ctx.seconds * 1000),
};

const ATTACKS: Attack[] = [
  botsOnlyGame,
  humanWithHardBots,
  humanWithExpertBots,
  oneIdentityManySockets,
  identityFlood,
  invalidFrameFlood,
  amplification,
  slowReaders(1),
  slowReaders(envNumber('BENCH_SLOW_ADDRESSES', 8)),
  sustainedWrites(false),
  sustainedWrites(true),
  matchmakingChurn,
  moderationAbuse,
];

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: stopping the servers and removing temp files\n`);
    cleanUpEverything();
    process.exit(130);
  });
}
process.on('exit', cleanUpEverything);

const perMinute = (r: { refillPerSecond: number }) => `${+(r.refillPerSecond * 60).toFixed(2)}/min`;
const perSecond = (r: { refillPerSecond: number }) => `${+r.refillPerSecond.toFixed(2)}/s`;

function describeConfig(c: ServerConfig): string[] {
  const r = c.rates;
  const a = c.address;
  return [
    `per player (all its sockets): CHAT ${r.chat.capacity} + ${perSecond(r.chat)}, ACTION ${r.actions.capacity} + ${perSecond(r.actions)}, LOBBY ${r.lobby.capacity} + ${perMinute(r.lobby)}, SAVE ${r.saves.capacity} + ${perMinute(r.saves)}, LOBBIES_PER_HOUR ${r.lobbiesCreated.capacity}, SYNC_KIB ${r.syncKiB.capacity} + ${perSecond(r.syncKiB)} (resync answers, in KiB), SOCKETS_PER_PLAYER ${c.socketsPerPlayer}`,
    `per address: CONNECTIONS_PER_ADDRESS ${a.connections}, CONNECT ${a.connects.capacity} + ${perMinute(a.connects)}, NEW_IDENTITY ${a.newIdentities.capacity} + ${perMinute(a.newIdentities)}, HTTP ${a.http.capacity} + ${perSecond(a.http)} (+1 per 64 KiB answered), ADDRESS_SYNC_KIB ${a.syncKiB.capacity} + ${perSecond(a.syncKiB)}`,
    `invalid frames per socket: INVALID ${c.strikes.allowance.capacity} + ${perSecond(c.strikes.allowance)}, INVALID_PAUSE_MS ${c.strikes.pauseMs}, INVALID_DISCONNECT ${c.strikes.disconnectAfter}`,
    `bytes: EVENTS_PAGE_BYTES ${fmtBytes(c.bytes.eventsPage)}, RESYNC_MAX_BYTES ${fmtBytes(c.bytes.resyncTail)}, SOCKET_BUFFER_BYTES ${fmtBytes(c.bytes.socketBuffer)}, STALLED_READER_SECONDS ${c.bytes.stalledMs / 1000}, LOBBY_CHAT_MAX ${c.lobbyChatMax}, LOBBY_EVENTS_BEFORE_START ${c.lobbyEventsBeforeStart}, WAL_MAX_MB ${c.walMaxBytes / 1024 / 1024}`,
    `bots: BOT_ACTION_MS ${c.bots.actionMs}, BOT_TURN_MS ${c.bots.turnMs}, BOT_SEARCH_NODES ${c.bots.searchNodes}, BOT_SEARCH_MS ${c.bots.searchMs}, MAX_TURNS ${c.maxTurns}; SNAPSHOT_EVERY ${c.snapshotEvery}`,
    `common settings: ${Object.entries(COMMON)
      .map(([k, v]) => `${k}=${v}`)
      .join(
        ' ',
      )} (honest players and the bench's metrics requests come from X-Forwarded-For addresses of their own, believed because the peer 127.0.0.1 is in the default TRUSTED_PROXIES; single-address attackers send none and are keyed by 127.0.0.1)`,
  ];
}

/** The newest modification time under `dir` (ms), for telling a stale build. */
function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return t;
}

async function main(): Promise<void> {
  const distMain = join(SERVER_ROOT, 'dist', 'main.js');
  if (MODE === 'dist' && !existsSync(distMain)) {
    throw new Error(`${distMain} is missing: build first (npm run build), or run with BENCH_SERVER=source`);
  }
  const config = configFromEnv(serverEnv(COMMON));
  const cpu = cpus();
  console.log('Abuse bench: attacks as an anonymous visitor, each against a fresh server with its default limits');
  console.log(
    `  machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? '?'}), ${fmtBytes(totalmem())} RAM, node ${process.version}`,
  );
  console.log(
    `  server: ${MODE === 'dist' ? 'node dist/main.js (what npm start runs)' : 'node --conditions=source --import tsx src/main.ts (from source)'}; attackers, honest players and server share this machine`,
  );
  if (MODE === 'dist' && newest(join(SERVER_ROOT, 'src')) > newest(join(SERVER_ROOT, 'dist'))) {
    console.log('  WARNING: apps/server/src has changed since dist/ was built: these figures are of the last build');
  }
  console.log(
    `  window: ${SECONDS} s per attack (BENCH_ABUSE_SECONDS), attack 7: ${envNumber('BENCH_SUSTAINED_SECONDS', 60)} s each`,
  );
  console.log('  limits (src/config.ts defaults; the bench sets none of them):');
  for (const line of describeConfig(config)) console.log(`    ${line}`);
  console.log(
    '  honest players: 2 identities in their own started 2-player game, 10 requests/s (5 turn passes, 5 client-sync-state), emit → ack',
  );

  const selected = ATTACKS.filter((a) => ONLY.length === 0 || ONLY.includes(a.id));
  const opts = { mode: MODE, common: COMMON, seconds: SECONDS };
  const t0 = performance.now();
  process.stderr.write('running 0 quiet baseline…\n');
  const baseline = await runAttack(quietBaseline, opts);
  const results: AttackResult[] = [];
  for (const attack of selected) {
    process.stderr.write(`running ${attack.id} ${attack.title}…\n`);
    results.push(await runAttack(attack, opts));
  }

  console.log(`\nResults (${((performance.now() - t0) / 1000).toFixed(0)} s in all)\n`);
  printTable(baseline, results);
  for (const r of [baseline, ...results]) printDetails(r);
  console.log('\nAims\n');
  printSummary(results.flatMap((r) => aimsOf(baseline, r)));
}

await main();
process.exit(0);
