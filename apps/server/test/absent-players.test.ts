/**
 * Absent players (docs/PROTOCOL.md §4.8): a person offline through the grace period on their turn is
 * marked away (with or without a clock) and a bot of the lobby's level plays their country; an away admin
 * hands the role to the next person present; a connection of theirs brings them back. When every person is
 * away the game pauses: nothing plays, real bots included, until one is back.
 */
import { whoseTurn } from '@four-banners/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { clockedGame, metric, passesEveryTurn } from './clocked.js';
import { countryToMove } from './drive.js';
import { expectOk as ok, serverRig, sleep, waitFor, type TestClient } from './harness.js';

const { server, boot, client, sameIdentity, serverState, hub, reset } = serverRig();
afterEach(reset);

const kinds = (c: TestClient, from: number) => c.events.filter((e) => e.seq > from);

describe('a person offline on their turn is marked away (PROTOCOL §4.8)', () => {
  it('after the grace period: the bot plays for them, the admin role passes, and back on reconnect their turn is theirs', async () => {
    await boot({ awayGraceMs: 300 });
    const alice = await client();
    const bob = await client();
    const { lobbyId, started } = await clockedGame(alice, bob, 0);
    expect(whoseTurn(serverState(lobbyId).game)).toBe(0);
    const stopPassing = passesEveryTurn(bob);

    // Alice (the admin) drops on her own turn; no clock runs.
    const goneAt = Date.now();
    alice.close();
    await bob.until((c) => c.events.some((e) => e.kind === 'player-away'), 'alice away');
    const away = bob.events.find((e) => e.kind === 'player-away')!;
    expect(Date.parse(away.at) - goneAt).toBeGreaterThanOrEqual(300);
    expect(away).toMatchObject({ actor: 'server', payload: { playerId: alice.playerId, reason: 'absent' } });
    // Same append: the admin role passes to Bob, the next person present.
    expect(bob.events.find((e) => e.seq === away.seq + 1)).toMatchObject({
      kind: 'lobby-updated',
      actor: 'server',
      payload: { adminId: bob.playerId },
    });
    expect(serverState(lobbyId).adminId).toBe(bob.playerId);
    expect(kinds(bob, started).filter((e) => e.kind === 'turn-timeout')).toEqual([]);

    // The bot plays Alice's turns (actor: the server), twice over, while Bob passes his.
    const turnsPlayedForAlice = () =>
      kinds(bob, away.seq).filter(
        (e) => e.kind === 'game-action' && e.actor === 'server' && e.payload.id === 'next_turn',
      ).length;
    await bob.until(() => turnsPlayedForAlice() >= 2, 'two turns played for alice');
    expect(await metric(server(), 'fb_takeover_turns_total')).toBeGreaterThanOrEqual(2);
    expect(await metric(server(), 'fb_players_away_total', 'reason="absent"')).toBe(1);
    // A stand-in fights with no bonus (RULES §6): none of its moves carries one.
    const standInMoves = kinds(bob, away.seq).filter(
      (e) => e.kind === 'game-action' && e.actor === 'server' && e.payload.id === 'move_unit',
    );
    for (const e of standInMoves) expect(e.payload).not.toHaveProperty('info.bonus');

    // Alice reconnects: she is back (logged by the server), and her next turn waits for her.
    const alice2 = await sameIdentity(alice);
    await bob.until((c) => c.events.some((e) => e.kind === 'player-back'), 'alice back');
    const back = bob.events.find((e) => e.kind === 'player-back')!;
    expect(back).toMatchObject({ actor: 'server', payload: { playerId: alice.playerId } });
    await alice2.resync(lobbyId, null);
    await alice2.until((c) => countryToMove(c) === 0, "alice's turn");
    const waiting = serverState(lobbyId).seq;
    await sleep(300);
    expect(serverState(lobbyId).seq).toBe(waiting);
    await ok(alice2.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
    await stopPassing();
  });

  it('all people away: the game pauses (no game action, the bot’s neither), then one is back and play resumes', async () => {
    await boot({ clockMsPerSecond: 10 });
    const alice = await client();
    const bob = await client();
    // 30 clock seconds of 10 ms: 300 ms a turn; a real bot sits on country 2.
    const { lobbyId } = await clockedGame(alice, bob, 30, [2]);
    await bob.until(
      (c) => c.events.filter((e) => e.kind === 'player-away').length === 2,
      'both away after two timeouts each',
    );
    await waitFor(() => serverState(lobbyId).players.every((p) => p.bot || p.away), 'paused');
    // Paused on the bot's turn: nothing is appended for a while, though both are connected.
    expect(whoseTurn(serverState(lobbyId).game)).toBe(2);
    const paused = serverState(lobbyId).seq;
    await sleep(1000);
    expect(serverState(lobbyId).seq).toBe(paused);
    expect(hub().isOnline(alice.playerId)).toBe(true);

    // Alice is back: the bot plays, then her turn runs on her clock again.
    const back = await ok(alice.emit('client-back', {}));
    expect(back).toBe(paused + 1);
    const botId = serverState(lobbyId).players.find((p) => p.bot)!.id;
    await alice.until((c) => c.events.some((e) => e.seq > back && e.actor === botId), 'the bot plays');
    await alice.until((c) => c.events.some((e) => e.seq > back && e.kind === 'turn-timeout'), 'the clock runs');
  });
});
