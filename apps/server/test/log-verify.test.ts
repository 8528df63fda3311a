/**
 * The log check (PROTOCOL §8.4 "Checking a log", OPERATIONS §11.4): `POST /api/admin/lobbies/:id/verify`
 * refolds the whole log and compares it with every stored snapshot, the live state and the lobby row. A
 * played game is consistent and its reported hash is the engine's `stateHash` of the fold; a snapshot or a
 * row altered in the database is reported at its seq with the fields that differ.
 */
import { fold, stateHash, type LobbyEvent } from '@four-banners/engine';
import type { VerifyReport } from '@four-banners/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricsService } from '../src/common/metrics.service.js';
import { playToEnd } from './drive.js';
import { ADMIN_TOKEN, serverRig, sqlRows, startedGameWithBot } from './harness.js';

const { server, boot, client, reset } = serverRig();
afterEach(reset);

async function verify(lobbyId: string, token = ADMIN_TOKEN): Promise<{ status: number; body: VerifyReport }> {
  const res = await fetch(`${server().url}/api/admin/lobbies/${lobbyId}/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as VerifyReport };
}

async function events(lobbyId: string): Promise<LobbyEvent[]> {
  const res = await fetch(`${server().url}/api/admin/lobbies/${lobbyId}/export`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return (await res.text())
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as LobbyEvent);
}

async function metric(line: string): Promise<number> {
  const { body } = await server().app.get(MetricsService).render();
  const found = body.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

/** A game of two people and a bot played to its end, with a snapshot every 5 seqs. */
async function playedGame(): Promise<string> {
  await boot({
    snapshotEvery: 5,
    adminTokens: [
      { name: 'admin', token: ADMIN_TOKEN, canModerate: true },
      { name: 'reader', token: 'reader-token', canModerate: false },
    ],
  });
  const ann = await client();
  const bea = await client();
  const { lobbyId } = await startedGameWithBot(ann, bea, 21);
  await playToEnd([ann, bea], 21);
  return lobbyId;
}

describe('checking a log (PROTOCOL §8.4)', () => {
  it('finds a played game consistent, against every snapshot and the live state, with the hash of its fold', async () => {
    const lobbyId = await playedGame();
    const log = await events(lobbyId);
    const folded = fold(log);
    if (!folded.ok) throw new Error(folded.error.message);
    const snapshots = await sqlRows<{ seq: number }>(
      server(),
      'SELECT seq FROM lobby_snapshots WHERE lobby_id = ?',
      lobbyId,
    );
    expect(snapshots.length).toBeGreaterThan(1);
    const { status, body } = await verify(lobbyId, 'reader-token');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      lobbyId,
      consistent: true,
      seq: log.length,
      hash: stateHash(folded.value),
      eventsChecked: log.length,
      snapshotsChecked: snapshots.length,
      liveChecked: true,
      divergence: null,
    });
    expect(await metric('fb_log_verifications_total{result="consistent"}')).toBe(1);
    expect(await metric('fb_log_verify_seconds_count')).toBe(1);
  });

  it('reports an altered snapshot at its seq, with the field that differs', async () => {
    const lobbyId = await playedGame();
    const [first, second] = await sqlRows<{ seq: number; state: string }>(
      server(),
      'SELECT seq, state FROM lobby_snapshots WHERE lobby_id = ? ORDER BY seq',
      lobbyId,
    );
    if (!first || !second) throw new Error('two snapshots expected');
    // The later snapshot altered first: the check still reports the lowest seq that differs.
    for (const { seq, state } of [second, first]) {
      const snapshot = JSON.parse(state);
      snapshot.lobby.players[1].name = 'Mallory';
      await sqlRows(
        server(),
        'UPDATE lobby_snapshots SET state = ? WHERE lobby_id = ? AND seq = ?',
        JSON.stringify(snapshot),
        lobbyId,
        seq,
      );
    }
    const { body } = await verify(lobbyId);
    expect(body.consistent).toBe(false);
    expect(body.divergence).toEqual({
      seq: first.seq,
      source: 'snapshot',
      differences: ['lobby.players[1].name: "Mallory", expected "Guest"'],
    });
    expect(await metric('fb_log_verifications_total{result="diverged"}')).toBe(1);
  });

  it('reports a lobby row that disagrees with its log, and 404 for no lobby', async () => {
    const lobbyId = await playedGame();
    await sqlRows(server(), 'UPDATE lobbies SET winner = ? WHERE id = ?', 3, lobbyId);
    const { body } = await verify(lobbyId);
    expect(body.divergence).toMatchObject({
      source: 'row',
      differences: [expect.stringMatching(/^winner: 3, expected /)],
    });
    expect(body.divergence?.seq).toBe(body.seq);
    expect((await verify('NO-SUCH-LOBBY')).status).toBe(404);
  });
});
