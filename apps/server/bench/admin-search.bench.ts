/**
 * The admin console's lobby search (PROTOCOL §8.4) on a SQLite database of `BENCH_SEARCH_LOBBIES` lobbies
 * (default 100,000): each query of the console's search box and filters, timed over five runs (median and
 * slowest). On SQLite a search runs on the server's one thread, so its time is a pause for every game.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RULES_VERSION } from '@four-banners/engine';
import { configFromEnv } from '../src/common/config.js';
import type { LobbySearch } from '../src/storage/lobby-search.js';
import { SqliteDatabase } from '../src/storage/sqlite/database.js';
import { SqliteLobbyLogRepository } from '../src/storage/sqlite/lobby-log.repository.js';
import { envNumber, ms, percentile } from './stats.js';

const LOBBIES = envNumber('BENCH_SEARCH_LOBBIES', 100_000);
const RUNS = 5;
const STATUSES = ['open', 'running', 'finished', 'closed'] as const;

/** `count` lobbies a minute apart, each with three named seats, a quarter of each status. */
function fill(database: SqliteDatabase, count: number): void {
  const insert = database.sqlite.prepare(
    `INSERT INTO lobbies (id, created_at, admin_id, status, rules_version, last_seq, players, updated_at, started_at)
     VALUES (?, ?, ?, ?, ?, 10, ?, ?, ?)`,
  );
  database.sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      const status = STATUSES[i % STATUSES.length]!;
      const seats = [0, 1, 2].map((k) => ({ id: `p-${i}-${k}`, name: `Player ${i} ${k}`, country: k }));
      const id = `L${i.toString(36).toUpperCase().padStart(6, '0')}`;
      insert.run(id, at, seats[0]!.id, status, RULES_VERSION, JSON.stringify(seats), at, status === 'open' ? null : at);
    }
  })();
}

export async function printAdminSearchBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fb-search-'));
  try {
    const database = new SqliteDatabase(configFromEnv({}, { databasePath: join(dir, 'search.db'), log: false }));
    const repo = new SqliteLobbyLogRepository(database);
    fill(database, LOBBIES);
    const base: LobbySearch = {
      sort: 'created',
      order: 'desc',
      silentBefore: new Date().toISOString(),
      limit: 20,
      offset: 0,
    };
    const queries: [string, Partial<LobbySearch>][] = [
      ['no filter (first page)', {}],
      ['status running', { status: 'running' }],
      ['status abandoned', { status: 'abandoned' }],
      ['lobby id prefix', { q: 'L001' }],
      ["a person's id", { q: `p-${Math.floor(LOBBIES / 2)}-1` }],
      ['part of a name', { q: 'player 77 1' }],
      ['a name nobody has', { q: 'nobody' }],
      ['sorted by last change', { sort: 'updated' }],
      ['since a date + finished', { since: '2026-02-01T00:00:00.000Z', status: 'finished' }],
    ];
    console.log(`\nAdmin search on ${LOBBIES.toLocaleString('en')} lobbies (SQLite), ${RUNS} runs each:`);
    for (const [label, query] of queries) {
      const times: number[] = [];
      let total = 0;
      for (let r = 0; r < RUNS; r++) {
        const start = performance.now();
        total = (await repo.searchLobbies({ ...base, ...query })).total;
        times.push(performance.now() - start);
      }
      console.log(
        `  ${label.padEnd(28)} median ${ms(percentile(times, 50)).padStart(10)}, slowest ${ms(Math.max(...times)).padStart(10)}  (${total} match)`,
      );
    }
    database.sqlite.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
