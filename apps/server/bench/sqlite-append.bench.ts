/**
 * SQLite append rate: the log repository's write path (one event + the lobby row update per transaction,
 * as the server commits one request) vs a raw better-sqlite3 insert of the same row with the same pragmas.
 * Three alternating rounds each; the best round of each is printed (the machine is shared, so the best is
 * the least disturbed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RULES_VERSION } from '@four-banners/engine';
import { event } from './bench-event.js';
import Database from 'better-sqlite3';
import { configFromEnv } from '../src/common/config.js';
import { SqliteDatabase, applyPragmas } from '../src/storage/sqlite/database.js';
import { SqliteLobbyLogRepository } from '../src/storage/sqlite/lobby-log.repository.js';
import { UNLISTED_FACTS } from '../src/storage/lobby-log.repository.js';
import { envNumber, ratio } from './stats.js';

const EVENTS = envNumber('BENCH_APPEND_EVENTS', 20_000);
const ROUNDS = 3;
const LOBBIES = 250;

/**
 * Events/s through the repository: `append` inside `SqliteDatabase.transaction` (sync), or through the
 * storage interface's `commit` as the store calls it (async), one awaited commit after another.
 */
async function repositoryRound(dir: string, round: number, via: 'append' | 'commit' = 'append'): Promise<number> {
  const database = new SqliteDatabase(configFromEnv({}, { databasePath: join(dir, `repo-${round}.db`), log: false }));
  const repo = new SqliteLobbyLogRepository(database);
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
  for (let l = 0; l < LOBBIES; l++) repo.createLobby(`L${l}`, at, RULES_VERSION, facts);
  const seqs = new Array<number>(LOBBIES).fill(0);
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const l = i % LOBBIES;
    const seq = ++seqs[l]!;
    // As the store appends a move: only the seq and time of the lobby row change.
    if (via === 'append') {
      database.transaction(() => repo.append(`L${l}`, [event(seq, at)], { ...facts, lastSeq: seq }, 'progress'));
    } else {
      await repo.commit({
        lobbyId: `L${l}`,
        events: [event(seq, at)],
        facts: { ...facts, lastSeq: seq },
        changed: 'progress',
      });
    }
  }
  const rate = EVENTS / ((performance.now() - t0) / 1000);
  await database.onApplicationShutdown();
  return rate;
}

/** Events/s of one raw INSERT per transaction on the same (migrated) table with the same pragmas. */
async function rawRound(dir: string, round: number): Promise<number> {
  const path = join(dir, `raw-${round}.db`);
  await new SqliteDatabase(configFromEnv({}, { databasePath: path, log: false })).onApplicationShutdown();
  const raw = new Database(path);
  applyPragmas(raw);
  const at = new Date().toISOString();
  const lobbyRow = raw.prepare(
    "INSERT INTO lobbies (id, created_at, admin_id, status, rules_version, last_seq, updated_at) VALUES (?, ?, 'a', 'running', ?, 0, ?)",
  );
  for (let l = 0; l < LOBBIES; l++) lobbyRow.run(`L${l}`, at, RULES_VERSION, at);
  const insert = raw.prepare(
    'INSERT INTO lobby_events (lobby_id, seq, kind, actor, payload, seed, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const one = raw.transaction((l: number, seq: number) => {
    const e = event(seq, at);
    insert.run(`L${l}`, e.seq, e.kind, e.actor, JSON.stringify(e.payload), e.seed, e.at);
  });
  const seqs = new Array<number>(LOBBIES).fill(0);
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const l = i % LOBBIES;
    one(l, ++seqs[l]!);
  }
  const rate = EVENTS / ((performance.now() - t0) / 1000);
  raw.close();
  return rate;
}

export async function runAppendBench(): Promise<{
  repoPerSecond: number;
  commitPerSecond: number;
  rawPerSecond: number;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'fb-bench-append-'));
  try {
    let repoPerSecond = 0;
    let commitPerSecond = 0;
    let rawPerSecond = 0;
    for (let round = 0; round < ROUNDS; round++) {
      repoPerSecond = Math.max(repoPerSecond, await repositoryRound(dir, round));
      commitPerSecond = Math.max(commitPerSecond, await repositoryRound(dir, round + ROUNDS, 'commit'));
      rawPerSecond = Math.max(rawPerSecond, await rawRound(dir, round));
    }
    return { repoPerSecond, commitPerSecond, rawPerSecond };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function printAppendBench(): Promise<void> {
  const { repoPerSecond, commitPerSecond, rawPerSecond } = await runAppendBench();
  console.log(
    `\nSQLite append (${EVENTS} events × ${ROUNDS} rounds, one transaction each, WAL + synchronous=NORMAL; best round)`,
  );
  console.log(`  log repository (event + lobby row): ${Math.round(repoPerSecond).toLocaleString('en')} events/s`);
  console.log(`  … through commit() (async, awaited): ${Math.round(commitPerSecond).toLocaleString('en')} events/s`);
  console.log(`  raw better-sqlite3 insert:          ${Math.round(rawPerSecond).toLocaleString('en')} events/s`);
  console.log(`  raw / repository:                   ${ratio(rawPerSecond, repoPerSecond)}`);
}
