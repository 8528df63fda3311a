/**
 * `npm run migrate-to-postgres -- <sqlite file>` (docs/OPERATIONS.md §4.5, issue 8) on a database written by
 * the SQLite server: every lobby, event, player and snapshot is copied and verified by folding; a server on
 * the PostgreSQL copy then serves the same logs with the same hashes and greets a player with their seat.
 * Runs in the PostgreSQL project (it needs the run's cluster).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold, stateHash, type LobbyEvent } from '@four-banners/engine';
import { lobbyStateFromSnapshot } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { playToEnd } from './drive.js';
import { createDatabase } from './fixtures/postgres-cluster.js';
import {
  ADMIN_TOKEN,
  TestClient,
  bootServer,
  createdLobby,
  expectOk as ok,
  getJson,
  removeDir,
  type TestServer,
} from './harness.js';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
const clients: TestClient[] = [];
const servers: TestServer[] = [];

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fb-migrate-'));
  dirs.push(dir);
  return dir;
};

beforeAll(() => {
  // The command runs what `npm run migrate-to-postgres` runs: tsc output.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', serverDir], { stdio: 'inherit' });
}, 180_000);
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.stop();
  for (const dir of dirs) removeDir(dir);
});

async function connect(server: TestServer, auth?: { playerId: string; token: string }): Promise<TestClient> {
  const c = await TestClient.connect(server.url, auth);
  clients.push(c);
  return c;
}

/** What the admin API shows of every lobby: its row, its whole log, and the hash of its state at the end. */
async function everything(server: TestServer) {
  const admin = (path: string) => getJson(`${server.url}/api/admin${path}`, ADMIN_TOKEN);
  const lobbies = (await admin('/lobbies?limit=100')).body.lobbies as { id: string; lastSeq: number }[];
  const logs: Record<string, { events: LobbyEvent[]; hash: string }> = {};
  for (const { id, lastSeq } of lobbies) {
    const events: LobbyEvent[] = [];
    while (events.length < lastSeq)
      events.push(...(await admin(`/lobbies/${id}/events?from=${events.length + 1}`)).body.events);
    const state = (await admin(`/lobbies/${id}/state`)).body;
    logs[id] = { events, hash: stateHash(lobbyStateFromSnapshot(state)) };
  }
  return { lobbies, logs };
}

/** Runs the built command; its exit status, one-line JSON summary (when it succeeded) and error output. */
function migrate(file: string, databaseUrl: string) {
  const run = spawnSync(process.execPath, [join(serverDir, 'dist/ops/migrate-to-postgres-cli.js'), file], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  return { status: run.status, summary: run.status === 0 ? JSON.parse(run.stdout) : null, stderr: run.stderr };
}

describe('migrate-to-postgres', () => {
  it("copies a SQLite server's database: the same logs, hashes and seats, and the game plays on", async () => {
    const sqliteDir = tempDir();
    const sqliteServer = await bootServer({ databaseUrl: null, snapshotEvery: 10 }, sqliteDir);
    servers.push(sqliteServer);
    // A finished game (with a bot, chat and snapshots), an open lobby, and an identity never seated.
    const alice = await connect(sqliteServer);
    const bob = await connect(sqliteServer);
    const carol = await connect(sqliteServer);
    await connect(sqliteServer);
    const game = await createdLobby(alice);
    await ok(bob.emit('client-join-lobby', { lobbyId: game, playerName: 'Bob' }));
    await ok(alice.emit('client-chat-message', { message: 'good luck' }));
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(bob.emit('client-change-country', { country: 1 }));
    await ok(alice.emit('client-add-bot', { country: 2, difficulty: 'easy' }));
    await ok(alice.emit('client-lobby-update', { w: 5, h: 5, seed: 4242 }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await playToEnd([alice, bob], 7);
    const waiting = await createdLobby(carol);
    await ok(carol.emit('client-chat-message', { message: 'anyone?' }));
    const before = await everything(sqliteServer);
    expect(before.lobbies).toHaveLength(2);
    await sqliteServer.stop();

    const admin = inject('postgresAdminUrl');
    const url = await createDatabase(admin, `migrated_${Date.now()}`);
    const file = join(sqliteDir, 'four-banners.db');
    const first = migrate(file, url);
    expect(first.status, first.stderr).toBe(0);
    const events = Object.values(before.logs).reduce((n, l) => n + l.events.length, 0);
    expect(first.summary).toMatchObject({ lobbies: 2, players: 4, events, verified: 2 });
    expect(first.summary.snapshots).toBeGreaterThan(0);
    // Into a database that already holds data: refused, and nothing is written.
    const again = migrate(file, url);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/empty/);

    const pgServer = await bootServer({ databaseUrl: url }, tempDir());
    servers.push(pgServer);
    const after = await everything(pgServer);
    expect(after.lobbies).toEqual(before.lobbies);
    for (const { id } of before.lobbies) {
      expect(after.logs[id]!.events).toEqual(before.logs[id]!.events);
      expect(after.logs[id]!.hash).toBe(before.logs[id]!.hash);
      const folded = fold(after.logs[id]!.events);
      expect(folded.ok && stateHash(folded.value)).toBe(before.logs[id]!.hash);
    }
    // Carol comes back with her token and is greeted with her seat; her lobby goes on from its last seq.
    const lastSeq = before.logs[waiting]!.events.length;
    const back = await connect(pgServer, { playerId: carol.playerId, token: carol.hello.token });
    expect(back.hello).toMatchObject({ playerId: carol.playerId, lobbyId: waiting, seq: lastSeq });
    expect(await back.emit('client-chat-message', { message: 'still here' })).toEqual({ ok: true, seq: lastSeq + 1 });
  });
});
