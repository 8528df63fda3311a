/** The whole online flow on a real server (ARCHITECTURE §5.2; PROTOCOL §3, §4). */
import { fold, isGameOver, stateHash, whoseTurn } from '@four-banners/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playToEnd } from './drive.js';
import { ADMIN_TOKEN, getJson, isContiguous, serverRig } from './harness.js';

const { server, boot, client, serverState, reset } = serverRig();

beforeAll(async () => {
  await boot();
});
afterAll(reset);

describe('two players and a bot play a lobby to the end (PROTOCOL §3, §4)', () => {
  it('create, join, chat, pick countries, add a bot, start, play to the end; seqs contiguous; hashes equal', async () => {
    const alice = await client();
    const bob = await client();
    expect(alice.hello).toMatchObject({ lobbyId: null, seq: 0 });
    expect(alice.hello.token.length).toBeGreaterThan(16);

    const created = await alice.emit('client-create-lobby', { playerName: 'Alice' });
    expect(created).toEqual({ ok: true, seq: 2 });
    await alice.untilSeq(2);
    const lobbyId = alice.state!.lobbyId;
    expect(alice.state!.adminId).toBe(alice.playerId);
    expect(alice.state!.players).toEqual([{ id: alice.playerId, name: 'Alice', country: -1 }]);

    expect(await bob.emit('client-join-lobby', { lobbyId, playerName: '  Bob ' })).toEqual({ ok: true, seq: 3 });
    await bob.untilSeq(3);
    expect(bob.state!.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);

    expect(await alice.emit('client-chat-message', { message: ' hello Bob ' })).toEqual({ ok: true, seq: 4 });
    await bob.untilSeq(4);
    expect(bob.state!.messages.at(-1)).toMatchObject({ playerId: alice.playerId, msg: 'hello Bob' });

    expect((await alice.emit('client-change-country', { country: 0 })).ok).toBe(true);
    expect((await bob.emit('client-change-country', { country: 1 })).ok).toBe(true);
    expect((await alice.emit('client-add-bot', { country: 2, difficulty: 'hard' })).ok).toBe(true);
    const updated = await alice.emit('client-lobby-update', { w: 5, h: 5, seed: 4242 });
    expect(updated.ok).toBe(true);
    await alice.untilSeq((updated as { seq: number }).seq);
    expect(alice.state!.game.tiles).toHaveLength(25);
    expect(alice.state!.game.countries.map((c) => c.id)).toEqual([0, 1, 2]);

    const started = await alice.emit('client-game-action', { id: 'start', info: {} });
    expect(started.ok).toBe(true);
    await alice.untilSeq((started as { seq: number }).seq);
    expect(alice.state!.game.running).toBe(true);
    expect(whoseTurn(alice.state!.game)).toBe(0);

    const sent = await playToEnd([alice, bob], 7);
    expect(sent).toBeGreaterThan(0);
    const final = serverState(lobbyId);
    expect(isGameOver(final.game)).toBe(true);
    await Promise.all([alice.untilSeq(final.seq), bob.untilSeq(final.seq)]);

    // Every broadcast's seq is contiguous, for each client, from what it first saw.
    expect(isContiguous(alice.seqs)).toBe(true);
    expect(alice.seqs[0]).toBe(1);
    expect(isContiguous(bob.seqs)).toBe(true);
    expect(alice.gap || bob.gap).toBe(false);
    // Bots' actions were logged one by one, with the bot as actor (and a bonus on its attacks).
    const botId = final.players.find((p) => p.bot)!.id;
    expect(alice.events.some((e) => e.kind === 'game-action' && e.actor === botId)).toBe(true);

    // The client folds equal the server's state, and the stored log folds to the same hash.
    expect(stateHash(alice.state!)).toBe(stateHash(final));
    expect(stateHash(bob.state!)).toBe(stateHash(final));
    const log = await getJson(
      `${server().url}/api/admin/lobbies/${lobbyId}/events?from=1&to=${final.seq}`,
      ADMIN_TOKEN,
    );
    expect(log.body.lastSeq).toBe(final.seq);
    const folded = fold(log.body.events);
    expect(folded.ok && stateHash(folded.value)).toBe(stateHash(final));

    // The finished game is listed with its winner (PROTOCOL §8.3 /api/games).
    const games = await getJson(`${server().url}/api/games`);
    const listed = games.body.games.find((g: { id: string }) => g.id === lobbyId);
    expect(listed).toMatchObject({
      status: 'finished',
      lastSeq: final.seq,
      winner: final.game.countries[0]?.id ?? null,
    });
  });
});
