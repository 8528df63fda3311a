/**
 * The migrations (migrations/, drizzle-kit) upgrade a database made by an older server: 0001 adds
 * `lobbies.started_at` and backfills it from each log's `start` game action; 0003 adds
 * `lobbies.rematch_id`, null for every lobby that was there; 0004 adds the settings and free seats of the
 open lobbies list and quick match (PROTOCOL §4.7): a lobby already there is unlisted with no seat free.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../migrations');
const dir = mkdtempSync(join(tmpdir(), 'fb-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A migrations folder holding the first `count` migrations: what a server of that version shipped. */
function firstMigrations(count: number): string {
  const folder = join(dir, `migrations-${count}`);
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const shipped = journal.entries.slice(0, count);
  for (const { tag } of shipped) cpSync(join(MIGRATIONS, `${tag}.sql`), join(folder, `${tag}.sql`));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: shipped }));
  return folder;
}

const firstMigrationOnly = () => firstMigrations(1);

describe('migration 0001 (lobby started_at)', () => {
  it('marks the lobbies whose log holds a start with that event time, and no others', () => {
    const sqlite = new Database(join(dir, 'old.db'));
    const db = drizzle({ client: sqlite });
    migrate(db, { migrationsFolder: firstMigrationOnly() });

    const lobby = sqlite.prepare(
      `INSERT INTO lobbies (id, created_at, admin_id, status, rules_version, last_seq, updated_at)
       VALUES (?, '2026-01-01T00:00:00.000Z', 'p1', ?, 1, ?, ?)`,
    );
    const event = sqlite.prepare(
      `INSERT INTO lobby_events (lobby_id, seq, kind, actor, payload, seed, at) VALUES (?, ?, ?, 'p1', ?, ?, ?)`,
    );
    const created = JSON.stringify({ lobbyId: 'x', adminId: 'p1', w: 10, h: 10, seed: 1, rulesVersion: 1 });
    // Started at seq 2, played on, then closed.
    lobby.run('started', 'closed', 4, '2026-01-05T00:00:00.000Z');
    event.run('started', 1, 'lobby-created', created, null, '2026-01-01T00:00:00.000Z');
    event.run('started', 2, 'game-action', JSON.stringify({ id: 'start', info: {} }), 7, '2026-01-03T00:00:00.000Z');
    const pass = JSON.stringify({ id: 'next_turn', info: { country: 0 } });
    event.run('started', 3, 'game-action', pass, 8, '2026-01-04T00:00:00.000Z');
    event.run('started', 4, 'lobby-updated', JSON.stringify({ online: false }), null, '2026-01-05T00:00:00.000Z');
    // Closed without a start (a chat saying "start" is no start).
    lobby.run('never', 'closed', 3, '2026-01-04T00:00:00.000Z');
    event.run('never', 1, 'lobby-created', created, null, '2026-01-01T00:00:00.000Z');
    event.run('never', 2, 'chat', JSON.stringify({ playerId: 'p1', msg: 'start' }), null, '2026-01-02T00:00:00.000Z');
    event.run('never', 3, 'lobby-updated', JSON.stringify({ online: false }), null, '2026-01-04T00:00:00.000Z');

    migrate(db, { migrationsFolder: MIGRATIONS });
    const startedAt = (id: string) =>
      (
        sqlite.prepare('SELECT started_at AS startedAt FROM lobbies WHERE id = ?').get(id) as {
          startedAt: string | null;
        }
      ).startedAt;
    expect(startedAt('started')).toBe('2026-01-03T00:00:00.000Z');
    expect(startedAt('never')).toBeNull();
    const indexes = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[])
      .map((r) => r.name)
      .filter((n) => !n.startsWith('sqlite_'));
    expect(indexes).toEqual(
      expect.arrayContaining(['lobbies_retention_idx', 'players_lobby_idx', 'players_unseated_idx']),
    );
    // Applying again changes nothing.
    migrate(db, { migrationsFolder: MIGRATIONS });
    sqlite.close();
  });
});

describe('migration 0003 (lobby rematch_id)', () => {
  it('adds rematch_id, null for the lobbies already there, and a rematch can then be recorded', () => {
    const sqlite = new Database(join(dir, 'before-rematch.db'));
    const db = drizzle({ client: sqlite });
    migrate(db, { migrationsFolder: firstMigrations(3) });
    sqlite
      .prepare(
        `INSERT INTO lobbies (id, created_at, admin_id, status, rules_version, last_seq, updated_at)
         VALUES ('old', '2026-01-01T00:00:00.000Z', 'p1', 'finished', 1, 9, '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    migrate(db, { migrationsFolder: MIGRATIONS });
    const rematchOf = () =>
      (
        sqlite.prepare(`SELECT rematch_id AS rematchId FROM lobbies WHERE id = 'old'`).get() as {
          rematchId: string | null;
        }
      ).rematchId;
    expect(rematchOf()).toBeNull();
    sqlite.prepare(`UPDATE lobbies SET rematch_id = 'NEW123' WHERE id = 'old'`).run();
    expect(rematchOf()).toBe('NEW123');
    sqlite.close();
  });
});

describe('migration 0004 (open lobbies)', () => {
  it('reads the lobbies already there as unlisted, with no seat free, and indexes the waiting ones', () => {
    const sqlite = new Database(join(dir, 'before-open-lobbies.db'));
    const db = drizzle({ client: sqlite });
    migrate(db, { migrationsFolder: firstMigrations(4) });
    sqlite
      .prepare(
        `INSERT INTO lobbies (id, created_at, admin_id, status, rules_version, last_seq, updated_at)
         VALUES ('old', '2026-01-01T00:00:00.000Z', 'p1', 'open', 1, 2, '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    migrate(db, { migrationsFolder: MIGRATIONS });
    expect(
      sqlite
        .prepare(
          `SELECT listed, w, h, clock, bot_level AS botLevel, quick_seats AS quickSeats, free_seats AS freeSeats
           FROM lobbies WHERE id = 'old'`,
        )
        .get(),
    ).toEqual({ listed: 0, w: null, h: null, clock: 0, botLevel: 'normal', quickSeats: null, freeSeats: 0 });
    const indexes = (
      sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]
    ).map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['lobbies_open_listed_idx', 'lobbies_quick_idx']));
    // The list's query searches an index rather than reading every lobby.
    const plan = sqlite
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM lobbies WHERE status = 'open' AND listed AND free_seats > 0
         ORDER BY created_at DESC, id DESC LIMIT 50`,
      )
      .all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join(' ')).toMatch(/USING (COVERING )?INDEX lobbies_/);
    sqlite.close();
  });
});
