/**
 * The admin command line (OPERATIONS §11.3) against a real server: the lobby table, a log check (exit 0, and
 * 1 once a snapshot was altered), `verify --all`, an export that folds, a close that the audit log then
 * shows, and refusals printed with the server's code (exit 2).
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold, stateHash, type LobbyEvent } from '@four-banners/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createdLobby, expectOk as ok, serverRig, sqlRows, startedGameWithBot } from './harness.js';

const { server, boot, client, serverState, reset } = serverRig();
afterEach(reset);

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm run admin`'s entry from source (tsx) against the test server, as an operator would. */
function admin(args: string[], token = ADMIN_TOKEN): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(serverDir, 'src/ops/admin-cli.ts'), ...args],
    {
      cwd: serverDir,
      env: { ...process.env, ADMIN_URL: server().url, ADMIN_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
  child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
  return new Promise((done) => child.once('close', (code) => done({ code, stdout, stderr })));
}

describe('npm run admin (OPERATIONS §11.3)', () => {
  it('lists lobbies, checks logs one by one and all at once, and exports a log that folds', async () => {
    await boot({ snapshotEvery: 5 });
    const ann = await client();
    const bea = await client();
    const { lobbyId } = await startedGameWithBot(ann, bea, 4);
    const waiting = await createdLobby(await client());

    const lobbies = await admin(['lobbies', '--status', 'running']);
    expect(lobbies.code).toBe(0);
    expect(lobbies.stdout).toContain(lobbyId);
    expect(lobbies.stdout).not.toContain(waiting);
    expect(lobbies.stdout).toContain('1 of 1');

    const checked = await admin(['verify', lobbyId]);
    expect(checked).toMatchObject({ code: 0, stderr: '' });
    expect(checked.stdout).toContain(`${lobbyId}  consistent  seq ${serverState(lobbyId).seq}`);

    const exported = await admin(['export', lobbyId]);
    expect(exported.code).toBe(0);
    const events = exported.stdout
      .split('\n')
      .filter((l) => l.length > 0)
      .map((l) => JSON.parse(l) as LobbyEvent);
    const folded = fold(events);
    expect(folded.ok && stateHash(folded.value)).toBe(stateHash(serverState(lobbyId)));

    const [snapshot] = await sqlRows<{ seq: number }>(
      server(),
      'SELECT seq FROM lobby_snapshots WHERE lobby_id = ?',
      lobbyId,
    );
    if (!snapshot) throw new Error('a snapshot expected');
    await sqlRows(
      server(),
      'UPDATE lobby_snapshots SET state = ? WHERE lobby_id = ? AND seq = ?',
      '{}',
      lobbyId,
      snapshot.seq,
    );
    const all = await admin(['verify', '--all']);
    expect(all.code).toBe(1);
    expect(all.stdout).toContain(`${lobbyId}  DIVERGED at seq ${snapshot.seq} (snapshot)`);
    expect(all.stdout).toContain(`${waiting}  consistent`);
    expect(all.stdout).toContain('checked 2: 1 consistent, 1 diverged');
  });

  it('closes a lobby with a reason, and the audit log shows who did it', async () => {
    await boot();
    const ann = await client();
    const lobbyId = await createdLobby(ann);
    await ok(ann.emit('client-chat-message', { message: 'hello' }));
    const closed = await admin(['close', lobbyId, '--reason', 'spam lobby']);
    expect(closed.code).toBe(0);
    expect(closed.stdout).toMatch(/^done {2}seq \d+/);
    const audit = await admin(['audit', '--json']);
    expect(audit.code).toBe(0);
    expect(JSON.parse(audit.stdout).items[0]).toMatchObject({ admin: 'admin', target: lobbyId, reason: 'spam lobby' });
    const show = await admin(['show', lobbyId]);
    expect(show.stdout).toContain(`${lobbyId}  closed`);
  });

  it('prints the server refusal with its code and exits 2', async () => {
    await boot({ adminTokens: [{ name: 'reader', token: 'reader-token', canModerate: false }] });
    const lobbyId = await createdLobby(await client());
    const forbidden = await admin(['close', lobbyId, '--reason', 'no'], 'reader-token');
    expect(forbidden.code).toBe(2);
    expect(forbidden.stderr).toContain('admin: forbidden: ');
    const missing = await admin(['show', 'NO-SUCH'], 'reader-token');
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain('admin: not_found: ');
    const wrong = await admin(['overview'], 'wrong-token');
    expect(wrong.stderr).toContain('admin: unauthorized: ');
    const usage = await admin(['close', lobbyId], 'reader-token');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('missing --reason');
  });
});
