/**
 * Online backup (`npm run backup`, src/ops/backup.ts): a copy taken while the server keeps committing is a
 * sound database holding every event acknowledged before the backup began, as it was acknowledged.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULES_VERSION, type LobbyEvent } from '@four-banners/engine';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDatabase } from '../src/storage/sqlite/database.js';
import { SqliteLobbyLogRepository } from '../src/storage/sqlite/lobby-log.repository.js';
import { LobbyLogRepository } from '../src/storage/lobby-log.repository.js';
import { BackupError, backupDatabase } from '../src/ops/backup.js';
import { LENIENT, TestClient, bootServer, removeDir, type TestServer } from './harness.js';
import { openLobbyFacts } from './fixtures/facts.js';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const UNLIMITED = { capacity: 1_000_000, refillPerSecond: 1_000_000 };
let server: TestServer;
let chatter: TestClient;
let lobbyId: string;
let databasePath: string;

beforeAll(async () => {
  server = await bootServer({
    rates: { ...LENIENT.rates, chat: UNLIMITED },
    lobbyChatMax: 1_000_000,
    lobbyEventsBeforeStart: 1_000_000,
  });
  databasePath = server.config.databasePath;
  // Some bulk, so that copying takes a while: 30,000 events of another lobby.
  const database = server.app.get(SqliteDatabase);
  const log = server.app.get(LobbyLogRepository) as SqliteLobbyLogRepository;
  const at = new Date().toISOString();
  const facts = (lastSeq: number) => openLobbyFacts(lastSeq, at, 'p0');
  log.createLobby('bulk', at, RULES_VERSION, facts(0));
  for (let from = 1; from <= 30_000; from += 1000) {
    const events = Array.from(
      { length: 1000 },
      (_, i): LobbyEvent => ({
        seq: from + i,
        kind: 'chat',
        actor: 'p0',
        seed: null,
        at,
        payload: { playerId: 'p0', msg: `bulk message ${from + i} `.repeat(4) },
      }),
    );
    database.transaction(() => log.append('bulk', events, facts(from + 999)));
  }
  chatter = await TestClient.connect(server.url);
  await chatter.emit('client-create-lobby', { playerName: 'Chatty' });
  await chatter.untilSeq(2);
  lobbyId = chatter.state!.lobbyId;
});
afterAll(async () => {
  chatter.close();
  await server.stop();
  removeDir(server.dir);
});

/** Chats without pause until stopped; `acked` holds the seq of every acknowledged message, in order. */
function keepChatting(): { acked: number[]; stop(): Promise<void> } {
  const acked: number[] = [];
  let stopping = false;
  const loop = (async () => {
    for (let i = 0; !stopping; i++) {
      const ack = await chatter.emit('client-chat-message', { message: `while backing up ${i}` });
      if (!ack.ok || ack.seq === undefined) throw new Error(JSON.stringify(ack));
      acked.push(ack.seq);
    }
  })();
  return {
    acked,
    stop: async () => {
      stopping = true;
      await loop;
    },
  };
}

/** Opens the copy read-only and checks it: sound, and holding each of `seqs` as the chatter saw it. */
function expectCopyHolds(copyPath: string, seqs: readonly number[]): void {
  const copy = new Database(copyPath, { readonly: true, fileMustExist: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    const stored = new Map(
      (
        copy.prepare('SELECT seq, kind, payload FROM lobby_events WHERE lobby_id = ?').all(lobbyId) as {
          seq: number;
          kind: string;
          payload: string;
        }[]
      ).map((r) => [r.seq, r]),
    );
    const seen = new Map(chatter.events.map((e) => [e.seq, e]));
    for (const seq of seqs) {
      const row = stored.get(seq);
      expect(row, `acknowledged seq ${seq} is in the copy`).toBeDefined();
      expect(row!.kind).toBe('chat');
      expect(JSON.parse(row!.payload)).toEqual(seen.get(seq)!.payload);
    }
    expect(copy.prepare("SELECT count(*) AS n FROM lobby_events WHERE lobby_id = 'bulk'").get()).toEqual({ n: 30_000 });
  } finally {
    copy.close();
  }
}

/** Runs `npm run backup`'s entry from source (tsx), as the operator's command would. */
function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(serverDir, 'src/ops/backup-cli.ts'), ...args],
    { cwd: serverDir, env: { ...process.env, INIT_CWD: server.dir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
  child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
  return new Promise((done) => child.once('close', (code) => done({ code, stdout, stderr })));
}

describe('online backup (npm run backup)', () => {
  it('backupDatabase while a client keeps chatting: a sound copy with every event acknowledged before it', async () => {
    const chat = keepChatting();
    await chatter.until(() => chat.acked.length >= 20, 'some chat');
    const ackedBefore = [...chat.acked];
    const copyPath = join(server.dir, 'copy.db');
    const summary = await backupDatabase(databasePath, copyPath);
    await chatter.until(() => chat.acked.length >= ackedBefore.length + 20, 'chat after the backup');
    await chat.stop();

    expectCopyHolds(copyPath, ackedBefore);
    const copy = new Database(copyPath, { readonly: true });
    const count = (table: string) => (copy.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(summary).toMatchObject({
      destination: copyPath,
      bytes: statSync(copyPath).size,
      lobbies: count('lobbies'),
      events: count('lobby_events'),
    });
    expect(summary.pages).toBeGreaterThan(0);
    copy.close();
  });

  it('the command, from another process while the server commits: the copy holds every acknowledged event', async () => {
    const chat = keepChatting();
    await chatter.until(() => chat.acked.length >= 20, 'some chat');
    const ackedBefore = [...chat.acked];
    // Relative paths are taken from where npm ran (INIT_CWD): here, the server's folder.
    const run = await runCli(['cli-copy.db', '--database', 'four-banners.db']);
    await chat.stop();
    expect(chat.acked.length, 'the server committed while the command ran').toBeGreaterThan(ackedBefore.length);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { destination: string; events: number; ms: number };
    expect(summary.destination).toBe(join(server.dir, 'cli-copy.db'));
    expect(summary.events).toBeGreaterThanOrEqual(30_000 + ackedBefore.length);
    expectCopyHolds(join(server.dir, 'cli-copy.db'), ackedBefore);
  });

  it('the command refuses to overwrite a file unless --force, and says why', async () => {
    const target = join(server.dir, 'cli-copy.db');
    const before = readFileSync(target);
    const refused = await runCli([target, '--database', databasePath]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('already exists: pass --force to overwrite it');
    expect(readFileSync(target).equals(before)).toBe(true);

    const forced = await runCli([target, '--database', databasePath, '--force']);
    expect(forced.code).toBe(0);
    expectCopyHolds(target, []);
  });

  it('refuses a missing database or a destination folder that does not exist, writing nothing', async () => {
    await expect(backupDatabase(join(server.dir, 'nope.db'), join(server.dir, 'x.db'))).rejects.toThrow(
      /There is no database at .*nope\.db/,
    );
    await expect(backupDatabase(databasePath, join(server.dir, 'no-such-folder', 'x.db'))).rejects.toThrow(BackupError);
    await expect(backupDatabase(databasePath, databasePath, { force: true })).rejects.toThrow(/the database itself/);
    const missing = await runCli(['x.db', '--database', 'nope.db']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/There is no database at .*nope\.db/);
    expect(existsSync(join(server.dir, 'x.db'))).toBe(false);
    expect(readdirSync(server.dir).filter((name) => name.includes('.partial-'))).toEqual([]);
  });
});
