/**
 * The WAL stays small under sustained writes (OPERATIONS §4.3): past `walMaxBytes` the checkpointer forces a
 * TRUNCATE checkpoint, and nothing committed is lost — neither on a clean close nor on SIGKILL.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { RULES_VERSION, type LobbyEvent } from '@four-banners/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../common/config.js';
import { SqliteLobbyLogRepository } from './lobby-log.repository.js';
import { SqliteDatabase } from './database.js';
import { openLobbyFacts } from '../../../test/fixtures/facts.js';

const MB = 1024 * 1024;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fb-wal-'));
  dirs.push(dir);
  return join(dir, 'four-banners.db');
}

const walSize = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

function chat(seq: number, at: string): LobbyEvent {
  return { seq, kind: 'chat', actor: 'p1', seed: null, at, payload: { playerId: 'p1', msg: `message ${seq}` } };
}

describe('the checkpointer keeps the WAL small (OPERATIONS §4.3)', () => {
  it('under steady writes the WAL stays within a few walMaxBytes, and every row is stored', async () => {
    const path = tempDb();
    const walMaxBytes = 1 * MB;
    const database = new SqliteDatabase(configFromEnv({}, { databasePath: path, log: false, walMaxBytes }));
    const repo = new SqliteLobbyLogRepository(database);
    const at = new Date().toISOString();
    const facts = (lastSeq: number) => openLobbyFacts(lastSeq, at);
    const lobbies = Array.from({ length: 40 }, (_, i) => `L${i}`);
    for (const id of lobbies) repo.createLobby(id, at, RULES_VERSION, facts(0));
    const seqs = new Map(lobbies.map((id) => [id, 0]));

    // Paced at ~1,500 one-event transactions a second (tens of MB of WAL a second) in small bursts,
    // without pauses long enough for a PASSIVE checkpoint to catch up on its own.
    const perSecond = 1500;
    const started = performance.now();
    let written = 0;
    let maxWal = 0;
    while (performance.now() - started < 3000) {
      const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
      for (; written < due; written++) {
        const lobbyId = lobbies[written % lobbies.length]!;
        const seq = seqs.get(lobbyId)! + 1;
        seqs.set(lobbyId, seq);
        database.transaction(() => repo.append(lobbyId, [chat(seq, at)], facts(seq)));
      }
      maxWal = Math.max(maxWal, database.walBytes());
      await yieldToLoop();
    }

    expect(walSize(path)).toBe(database.walBytes());
    expect(maxWal, `largest WAL seen: ${maxWal} bytes`).toBeLessThan(8 * walMaxBytes);
    expect(database.forcedCheckpoints()).toBeGreaterThan(0);
    for (const [lobbyId, seq] of seqs) {
      const events = await repo.readEvents(lobbyId);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
      expect(events.at(-1)).toEqual(chat(seq, at));
    }

    // A clean close still ends with a TRUNCATE checkpoint: everything is in the database file.
    await database.onApplicationShutdown();
    expect(walSize(path)).toBe(0);
    const copy = new Database(path, { readonly: true });
    expect(copy.prepare('SELECT count(*) AS n FROM lobby_events').get()).toEqual({ n: written });
    copy.close();
  });

  it("the log's commits wait for a forced checkpoint on a promise: the event loop runs on meanwhile", async () => {
    const path = tempDb();
    const walMaxBytes = 1 * MB;
    const database = new SqliteDatabase(configFromEnv({}, { databasePath: path, log: false, walMaxBytes }));
    const repo = new SqliteLobbyLogRepository(database);
    const at = new Date().toISOString();
    const lobbies = Array.from({ length: 40 }, (_, i) => `L${i}`);
    for (const id of lobbies) repo.createLobby(id, at, RULES_VERSION, openLobbyFacts(0, at));
    const seqs = new Map(lobbies.map((id) => [id, 0]));
    let gated = 0;
    let turnsWhileGated = 0;
    const started = performance.now();
    let written = 0;
    while (performance.now() - started < 3000 && (gated < 3 || turnsWhileGated === 0)) {
      for (let burst = 0; burst < 50; burst++, written++) {
        const lobbyId = lobbies[written % lobbies.length]!;
        const seq = seqs.get(lobbyId)! + 1;
        seqs.set(lobbyId, seq);
        const gate = database.writable();
        if (gate !== null) {
          gated += 1;
          // A turn of the loop that comes before the gate opens: the loop was not held.
          let open = false;
          void gate.then(() => (open = true));
          setImmediate(() => {
            if (!open) turnsWhileGated += 1;
          });
        }
        await repo.commit({ lobbyId, events: [chat(seq, at)], facts: openLobbyFacts(seq, at), changed: 'progress' });
      }
      await yieldToLoop();
    }

    expect(gated, 'commits that met a forced checkpoint').toBeGreaterThan(0);
    expect(turnsWhileGated, 'turns of the loop while a commit waited').toBeGreaterThan(0);
    for (const [lobbyId, seq] of seqs)
      expect((await repo.readEvents(lobbyId)).map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    await database.onApplicationShutdown();
  });

  it('the WAL size is 0 for a database in memory', async () => {
    const database = new SqliteDatabase(configFromEnv({}, { databasePath: ':memory:', log: false }));
    expect(database.walBytes()).toBe(0);
    expect(database.forcedCheckpoints()).toBe(0);
    await database.onApplicationShutdown();
  });

  it('SIGKILL while forced checkpoints run loses no committed row', async () => {
    const path = tempDb();
    const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
    // The writer prints each count it has committed; the last one printed before the kill must be stored.
    const child = spawn(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        join(serverDir, 'test/fixtures/wal-writer.ts'),
        path,
        String(256 * 1024),
      ],
      { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let committed = 0;
    let forced = 0;
    await new Promise<void>((done, fail) => {
      child.once('exit', (code) => fail(new Error(`writer exited early with ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const report = JSON.parse(line) as { committed: number; forced: number };
        committed = report.committed;
        forced = report.forced;
        if (forced >= 3 && child.exitCode === null && child.signalCode === null) {
          child.removeAllListeners('exit');
          child.once('exit', () => done());
          child.kill('SIGKILL');
        }
      });
    });
    expect(forced).toBeGreaterThanOrEqual(3);
    const db = new Database(path);
    const stored = (db.prepare('SELECT count(*) AS n FROM lobby_events').get() as { n: number }).n;
    expect(stored).toBeGreaterThanOrEqual(committed);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
