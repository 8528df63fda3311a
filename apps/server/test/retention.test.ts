/**
 * Retention (RetentionService): lobbies closed before their game ever started, and identities that never sat
 * in a lobby, are deleted `retentionDays` after their last change (with the chat removals of those lobbies,
 * PROTOCOL §4.9); everything that is or was a game stays.
 * A real server on a temp SQLite file; time is stepped through `sweep(now)`.
 */
import { RULES_VERSION } from '@four-banners/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyLogRepository, UNLISTED_FACTS, type LobbyStatus } from '../src/storage/lobby-log.repository.js';
import { LobbyHub } from '../src/lobby/core/lobby.hub.js';
import { AppLogger } from '../src/common/logger.js';
import { RetentionRepository } from '../src/storage/retention.repository.js';
import { RETENTION_LIMITS, RetentionService } from '../src/ops/retention.service.js';
import { postJson } from './admin-post.js';
import { createdLobby, expectOk as ok, serverRig, sqlRows, waitFor, type TestClient } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;
const { server, boot, client, hub, reset } = serverRig();

beforeAll(async () => {
  await boot({ retentionDays: 7, snapshotEvery: 3 });
});
afterAll(reset);

/** Starts the admin's lobby: the admin plays country 0 against an easy bot. */
async function start(admin: TestClient): Promise<void> {
  await ok(admin.emit('client-change-country', { country: 0 }));
  await ok(admin.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
  await ok(admin.emit('client-game-action', { id: 'start', info: {} }));
}

const close = (admin: TestClient) => ok(admin.emit('client-lobby-update', { online: false }));

/** Disconnects and waits until the server has seen it. */
async function disconnect(c: TestClient): Promise<void> {
  c.close();
  await waitFor(() => !hub().isOnline(c.playerId), 'the server to see the disconnect');
}

const countOf = async (table: string, lobbyId: string) =>
  Number(
    (
      await sqlRows<{ n: number | string }>(server(), `SELECT count(*) AS n FROM ${table} WHERE lobby_id = ?`, lobbyId)
    )[0]!.n,
  );
const lobbyRow = (id: string) => server().app.get(LobbyLogRepository).getLobby(id);
const playerRow = async (id: string) =>
  (
    await sqlRows<{ name: string; lobbyId: string | null }>(
      server(),
      'SELECT name, lobby_id AS "lobbyId" FROM players WHERE id = ?',
      id,
    )
  )[0];

/** A lobby row written directly, for states the protocol takes long to reach (a finished game). */
function insertLobby(
  id: string,
  status: LobbyStatus,
  updatedAt: string,
  startedAt: string | null = null,
): Promise<void> {
  return server()
    .app.get(LobbyLogRepository)
    .commit({
      lobbyId: id,
      created: { createdAt: updatedAt, rulesVersion: RULES_VERSION },
      events: [],
      facts: {
        adminId: 'someone',
        status,
        lastSeq: 0,
        winner: null,
        players: '[]',
        updatedAt,
        startedAt,
        ...UNLISTED_FACTS,
      },
      changed: 'all',
    });
}

describe('retention of lobbies that never started', () => {
  it('deletes a closed, never-started lobby past the window with its events, snapshots and seats; keeps every game', async () => {
    const retention = server().app.get(RetentionService);
    const [idle, waiting, played, abandoned] = [await client(), await client(), await client(), await client()];

    const idleLobby = await createdLobby(idle);
    const chatSeq = await ok(idle.emit('client-chat-message', { message: 'anyone?' }));
    // A moderator removed that message (PROTOCOL §4.9): its removal row goes with the lobby.
    const removal = await postJson(`${server().url}/api/admin/lobbies/${idleLobby}/remove-chat`, {
      seq: chatSeq,
      reason: 'spam',
    });
    expect(removal.status).toBe(200);
    await close(idle);
    const waitingLobby = await createdLobby(waiting); // still open
    const playedLobby = await createdLobby(played);
    await start(played); // running
    const abandonedLobby = await createdLobby(abandoned);
    await start(abandoned);
    await close(abandoned); // closed after its game started
    const old = new Date(Date.now() - 30 * DAY).toISOString();
    await insertLobby('finished-game', 'finished', old, old);
    expect(await countOf('lobby_events', idleLobby)).toBe(5);
    expect(await countOf('lobby_snapshots', idleLobby)).toBe(1);
    expect(await countOf('chat_removals', idleLobby)).toBe(1);
    // A stale seat pointing at the lobby (the close cleared the real ones) is cleared with it.
    await sqlRows(server(), 'UPDATE players SET lobby_id = ? WHERE id = ?', idleLobby, idle.playerId);

    // Within the window nothing goes.
    expect(await retention.sweep(Date.now() + 6 * DAY)).toMatchObject({ lobbies: 0, events: 0 });
    expect(await lobbyRow(idleLobby)).toBeDefined();

    const swept = await retention.sweep(Date.now() + 8 * DAY);
    expect(swept).toMatchObject({ lobbies: 1, events: 5, snapshots: 1, complete: true });
    expect(await lobbyRow(idleLobby)).toBeUndefined();
    expect(await countOf('chat_removals', idleLobby)).toBe(0);
    expect(await countOf('lobby_events', idleLobby)).toBe(0);
    expect(await countOf('lobby_snapshots', idleLobby)).toBe(0);
    expect(await playerRow(idle.playerId)).toEqual({ name: 'Admin', lobbyId: null });
    for (const kept of [waitingLobby, playedLobby, abandonedLobby, 'finished-game']) {
      expect(await lobbyRow(kept), kept).toBeDefined();
    }
    expect(await countOf('lobby_events', abandonedLobby)).toBeGreaterThan(5);
    // However the started lobby got its start time (the write path, or the sweep finding `start` in its
    // log), it is a replay from now on.
    expect((await lobbyRow(abandonedLobby))!.startedAt).not.toBeNull();
    expect(await retention.sweep(Date.now() + 8 * DAY)).toMatchObject({ lobbies: 0, markedStarted: 0 });
  });

  it('a lobby whose log holds a start is kept even when its started_at was never set', async () => {
    const old = new Date(Date.now() - 30 * DAY).toISOString();
    await insertLobby('unmarked', 'closed', old);
    const facts = {
      adminId: 'someone',
      status: 'closed' as const,
      winner: null,
      players: '[]',
      updatedAt: old,
      ...UNLISTED_FACTS,
    };
    await server()
      .app.get(LobbyLogRepository)
      .commit({
        lobbyId: 'unmarked',
        events: [
          { seq: 1, kind: 'game-action', actor: 'someone', seed: 5, at: old, payload: { id: 'start', info: {} } },
          { seq: 2, kind: 'lobby-updated', actor: 'someone', seed: null, at: old, payload: { online: false } },
        ],
        facts: { ...facts, lastSeq: 2, startedAt: null },
        changed: 'all',
      });
    expect(await server().app.get(RetentionService).sweep()).toMatchObject({ lobbies: 0, markedStarted: 1 });
    expect(await lobbyRow('unmarked')).toMatchObject({ startedAt: old });
    expect(await countOf('lobby_events', 'unmarked')).toBe(2);
  });

  it('a sweep stops at its batch cap, and the next one goes on', async () => {
    const old = new Date(Date.now() - 30 * DAY).toISOString();
    for (let i = 0; i < 5; i++) await insertLobby(`stale-${i}`, 'closed', old);
    const retention = server().app.get(RetentionService);
    const limits = { ...RETENTION_LIMITS, lobbiesPerBatch: 2, batchesPerSweep: 2 };
    expect(await retention.sweep(Date.now(), limits)).toMatchObject({ lobbies: 4, complete: false });
    expect(await retention.sweep(Date.now(), limits)).toMatchObject({ lobbies: 1, complete: true });
    for (let i = 0; i < 5; i++) expect(await lobbyRow(`stale-${i}`)).toBeUndefined();
  });
});

describe('retention of identities that never sat in a lobby', () => {
  it('deletes old identities without a name or seat; keeps named, seated and connected ones', async () => {
    const passerBy = await client(); // connects, does nothing, leaves
    const stillHere = await client(); // connects, does nothing, stays connected
    const seated = await client();
    const former = await client();
    await createdLobby(seated);
    await createdLobby(former);
    await close(former); // named, no seat any more
    await Promise.all([disconnect(passerBy), disconnect(seated), disconnect(former)]);

    const retention = server().app.get(RetentionService);
    expect(await retention.sweep(Date.now() + 6 * DAY)).toMatchObject({ identities: 0 });
    const swept = await retention.sweep(Date.now() + 8 * DAY);
    expect(swept.identities).toBeGreaterThanOrEqual(1);
    expect(await playerRow(passerBy.playerId)).toBeUndefined();
    expect(await playerRow(stillHere.playerId)).toEqual({ name: '', lobbyId: null });
    expect(await playerRow(seated.playerId)).toMatchObject({ name: 'Admin' });
    expect((await playerRow(seated.playerId))!.lobbyId).not.toBeNull();
    expect(await playerRow(former.playerId)).toEqual({ name: 'Admin', lobbyId: null });
  });
});

describe('retentionDays 0 keeps everything', () => {
  it('a sweep with retention off deletes nothing, however old', async () => {
    const admin = await client();
    const lobbyId = await createdLobby(admin);
    await close(admin);
    const passerBy = await client();
    await disconnect(passerBy);
    const app = server().app;
    const off = new RetentionService(
      { ...server().config, retentionDays: 0 },
      app.get(RetentionRepository),
      app.get(LobbyHub),
      app.get(AppLogger),
    );
    expect(await off.sweep(Date.now() + 10_000 * DAY)).toEqual({
      lobbies: 0,
      events: 0,
      snapshots: 0,
      identities: 0,
      markedStarted: 0,
      complete: true,
    });
    expect(await lobbyRow(lobbyId)).toBeDefined();
    expect(await playerRow(passerBy.playerId)).toBeDefined();
  });
});
