/**
 * PostgreSQL append latency and rate: the log repository's `commit` (one event + the lobby row, in one
 * transaction holding the lobby's advisory lock) on a throw-away local cluster, one awaited commit at a time
 * and with several lobbies committing at once (as a node serving many lobbies does). Printed, never asserted.
 * Needs Debian's `postgresql` package (skipped with a note without it).
 */
import { RULES_VERSION } from '@four-banners/engine';
import { event } from './bench-event.js';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresDatabase } from '../src/storage/postgres/database.js';
import { PostgresLobbyLogRepository } from '../src/storage/postgres/lobby-log.repository.js';
import { UNLISTED_FACTS } from '../src/storage/lobby-log.repository.js';
import { createDatabase, startPostgres } from '../test/fixtures/postgres-cluster.js';
import { envNumber, ms, percentile } from './stats.js';

const EVENTS = envNumber('BENCH_PG_EVENTS', 4000);
const LOBBIES = 250;
const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../migrations/postgres');

interface Round {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

/** `EVENTS` commits spread over the lobbies, `parallel` lobbies committing at once. */
async function round(repo: PostgresLobbyLogRepository, prefix: string, parallel: number): Promise<Round> {
  const at = new Date().toISOString();
  const facts = {
    adminId: 'a',
    status: 'running' as const,
    lastSeq: 0,
    winner: null,
    players: '[]',
    updatedAt: at,
    startedAt: at,
    ...UNLISTED_FACTS,
  };
  for (let l = 0; l < LOBBIES; l++) {
    await repo.commit({
      lobbyId: `${prefix}${l}`,
      created: { createdAt: at, rulesVersion: RULES_VERSION },
      events: [],
      facts,
      changed: 'all',
    });
  }
  const latencies: number[] = [];
  const seqs = new Array<number>(LOBBIES).fill(0);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < EVENTS; i = next++) {
      // Each worker keeps to its own lobbies, so two never append to one lobby at once.
      const l = (i % Math.floor(LOBBIES / parallel)) * parallel + (i % parallel);
      const seq = ++seqs[l]!;
      const t0 = performance.now();
      await repo.commit({
        lobbyId: `${prefix}${l}`,
        events: [event(seq, at)],
        facts: { ...facts, lastSeq: seq },
        changed: 'progress',
      });
      latencies.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  return {
    perSecond: EVENTS / ((performance.now() - t0) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export async function printPostgresAppendBench(): Promise<void> {
  let cluster: Awaited<ReturnType<typeof startPostgres>>;
  try {
    cluster = await startPostgres();
  } catch (e) {
    console.log(`\nPostgreSQL append: skipped (${(e as Error).message})`);
    return;
  }
  try {
    const url = await createDatabase(cluster.url, 'bench');
    const database = await PostgresDatabase.open({ url, poolSize: 10, migrationsDir: MIGRATIONS });
    const repo = new PostgresLobbyLogRepository(database);
    console.log(
      `\nPostgreSQL append (${EVENTS} commits per row, one event + lobby row each, local cluster, default durability)`,
    );
    for (const parallel of [1, 8]) {
      const r = await round(repo, `P${parallel}-`, parallel);
      console.log(
        `  ${parallel} lobb${parallel === 1 ? 'y' : 'ies'} at once: ${Math.round(r.perSecond).toLocaleString('en')} events/s, ` +
          `commit p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`,
      );
    }
    await database.onApplicationShutdown();
  } finally {
    cluster.stop();
  }
}
