/**
 * Bots never run unattended (docs/OPERATIONS.md "Bots"): an online game needs a person playing a
 * country; bots play only while a person seated in the lobby is connected, pause otherwise (also after a
 * restart), are paced like the offline "normal" speed, and a game past the turn cap ends cleanly.
 */
import { applyLegal, fold, newGame, serializeGame, whoseTurn, type LobbyEvent } from '@four-banners/engine';
import type { LobbyUpdatePayload } from '@four-banners/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { LobbyCache } from '../src/lobby/core/lobby-cache.js';
import {
  ADMIN_TOKEN,
  LENIENT,
  expectOk as ok,
  getJson,
  serverRig,
  sleep,
  waitFor,
  type TestClient,
} from './harness.js';

const { server, boot, client, sameIdentity, stop, serverState, hub, reset } = serverRig();
afterEach(reset);

/** Alice (admin, green) and bots on the other colours, on a 6×6 map; not started. */
async function lobbyWithBots(alice: TestClient, bots: (1 | 2 | 3)[]): Promise<string> {
  await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
  await alice.untilSeq(2);
  const lobbyId = alice.state!.lobbyId;
  await ok(alice.emit('client-change-country', { country: 0 }));
  for (const country of bots) await ok(alice.emit('client-add-bot', { country, difficulty: 'easy' }));
  await ok(alice.emit('client-lobby-update', { w: 6, h: 6, seed: 7 }));
  return lobbyId;
}

describe('an online game needs a person (ARCHITECTURE §5.6, PROTOCOL §3.3)', () => {
  it('a bots-only start is refused and changes nothing', async () => {
    await boot({});
    const alice = await client();
    await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
    await alice.untilSeq(2);
    const lobbyId = alice.state!.lobbyId;
    // Alice sits with no colour: only bots would play.
    for (const country of [1, 2, 3] as const) await ok(alice.emit('client-add-bot', { country, difficulty: 'hard' }));
    const seq = serverState(lobbyId).seq;
    expect(await alice.emit('client-game-action', { id: 'start', info: {} })).toMatchObject({
      ok: false,
      error: { code: 'not_actable', message: expect.stringMatching(/offline/) },
    });
    expect(serverState(lobbyId).seq).toBe(seq);
    expect(serverState(lobbyId).game.running).toBe(false);
    // With Alice on a colour it starts.
    await ok(alice.emit('client-change-country', { country: 0 }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
  });
});

describe('bots play only for people connected to the lobby', () => {
  it('pause when the last person goes offline, and play on when one reconnects', async () => {
    // The bot's turn is due long after Alice has gone (a slow machine included).
    await boot({ bots: { ...LENIENT.bots, actionMs: 0, turnMs: 2000 } });
    const alice = await client();
    const lobbyId = await lobbyWithBots(alice, [1]);
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    expect(whoseTurn(serverState(lobbyId).game)).toBe(0);
    // Alice passes to the bot and leaves before its turn is due.
    await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
    alice.close();
    await waitFor(() => !hub().isOnline(alice.playerId), 'alice offline');
    const paused = serverState(lobbyId).seq;
    await sleep(2500);
    expect(serverState(lobbyId).seq).toBe(paused);
    expect(whoseTurn(serverState(lobbyId).game)).toBe(1);

    await sameIdentity(alice);
    await waitFor(() => whoseTurn(serverState(lobbyId).game) === 0, 'the bot to play and pass back');
    expect(serverState(lobbyId).seq).toBeGreaterThan(paused);
  });

  it('after a restart they wait for a person to come back', async () => {
    const first = await boot({ bots: { ...LENIENT.bots, actionMs: 0, turnMs: 2000 } });
    const dir = first.dir;
    const alice = await client();
    const lobbyId = await lobbyWithBots(alice, [1, 2]);
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
    await stop();

    await boot({ bots: { ...LENIENT.bots, actionMs: 0, turnMs: 0 } }, dir);
    const restored = serverState(lobbyId).seq;
    expect(whoseTurn(serverState(lobbyId).game)).toBe(1);
    await sleep(800);
    expect(serverState(lobbyId).seq).toBe(restored);

    await sameIdentity(alice);
    await waitFor(() => whoseTurn(serverState(lobbyId).game) === 0, 'both bots to play');
  });

  it('a bot turn waits actionMs per action of the previous bot turn plus turnMs', async () => {
    const actionMs = 60;
    const turnMs = 150;
    await boot({ bots: { ...LENIENT.bots, actionMs, turnMs } });
    const alice = await client();
    await lobbyWithBots(alice, [1, 2]);
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    const passed = Date.parse(new Date().toISOString());
    const seq = await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
    await alice.until((c) => whoseTurn(c.state!.game) === 0, 'both bots to play');
    const after = alice.events.filter(
      (e): e is Extract<LobbyEvent, { kind: 'game-action' }> => e.seq > seq && e.kind === 'game-action',
    );
    const ofBot = (country: number) =>
      after.filter((e) => 'country' in e.payload.info && e.payload.info.country === country);
    const first = ofBot(1);
    const second = ofBot(2);
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    // Lower bounds only (a timer never fires early); `at` has millisecond precision.
    expect(Date.parse(first[0]!.at) - passed).toBeGreaterThanOrEqual(turnMs - 5);
    const gap = Date.parse(second[0]!.at) - Date.parse(first.at(-1)!.at);
    expect(gap).toBeGreaterThanOrEqual(first.length * actionMs + turnMs - 5);
  });
});

describe('a turn cap ends a runaway game cleanly', () => {
  it('a save already at the cap cannot be loaded', async () => {
    await boot({ maxTurns: 12 });
    let game = newGame(6, 6, 3);
    for (const country of [0, 1] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
    game = applyLegal(game, { id: 'generate', info: { w: 6, h: 6, seed: 3 } }, 0);
    game = applyLegal(game, { id: 'start', info: {} }, 1);
    for (let i = 0; game.turn.count < 12; i++)
      game = applyLegal(game, { id: 'next_turn', info: { country: whoseTurn(game)! } }, i);
    const alice = await client();
    await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
    await alice.untilSeq(2);
    const seq = serverState(alice.state!.lobbyId).seq;
    expect(await alice.emit('client-load-save', { state: serializeGame(game) })).toMatchObject({
      ok: false,
      error: { code: 'not_actable', message: expect.stringMatching(/turn 12/) },
    });
    expect(serverState(alice.state!.lobbyId).seq).toBe(seq);
  });

  it('at maxTurns the lobby closes with reason turn_limit; seats are freed and the log stays a replay', async () => {
    await boot({ maxTurns: 12 });
    const alice = await client();
    const lobbyId = await lobbyWithBots(alice, [1]);
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    while (alice.state!.online) {
      const turn = whoseTurn(alice.state!.game);
      if (turn === 0) {
        const ack = await alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } });
        if (ack.ok) await alice.untilSeq(ack.seq!);
      } else {
        await alice.until((c) => !c.state!.online || whoseTurn(c.state!.game) === 0, 'the bot to pass');
      }
    }
    const closing = alice.received.filter((r) => r.name === 'server-lobby-update').at(-1)!
      .payload as LobbyUpdatePayload;
    expect(closing).toMatchObject({ online: false, actor: 'server', changed: { online: false, reason: 'turn_limit' } });
    expect(alice.state!.game.turn.count).toBeGreaterThanOrEqual(12);
    expect(await server().app.get(LobbyCache).seatOf(alice.playerId)).toBeUndefined();
    // Nothing more is accepted; the log folds to what Alice holds.
    expect((await alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } })).ok).toBe(false);
    const page = await getJson(`${server().url}/api/admin/lobbies/${lobbyId}/events`, ADMIN_TOKEN);
    const folded = fold(page.body.events);
    expect(folded.ok && folded.value.online).toBe(false);
    const lobbies = await getJson(`${server().url}/api/admin/lobbies`, ADMIN_TOKEN);
    expect(lobbies.body.lobbies.find((l: { id: string }) => l.id === lobbyId)).toMatchObject({ status: 'closed' });
    // It started, so it stays a public replay.
    const games = await getJson(`${server().url}/api/games`);
    expect(games.body.games.find((g: { id: string }) => g.id === lobbyId)).toMatchObject({ status: 'closed' });
  });
});
