/** Tests of game/ui/pass-turn.ts: the header's Pass turn and Enter, offline and online alike. */
import type { Ack } from '@four-banners/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore, setDialog } from '../../app/app-state';
import { bannerSpots, nothingLeft, turnLeft } from '../next-unit';
import { offlineGameLog } from '../offline-log';
import { DEVICE_PLAYER_ID, defaultSeats, seatsToPlayers } from '../seats';
import { closeSession, openSession } from '../session-store';
import { OnlineSession } from '../../online/online-session';
import { ALICE, act, startedLog, stateOf } from '../../../test/fixtures/online-lobby-log';
import { askToPass } from './pass-turn';

/** An offline game of this device (green) against three easy bots, at green's first turn (2 banners in hand). */
function newGame() {
  const session = openSession(
    offlineGameLog({
      lobbyId: 'offline-pass',
      adminId: DEVICE_PLAYER_ID,
      players: seatsToPlayers(defaultSeats('Ada')),
      w: 8,
      h: 8,
      seed: 12,
      startSeed: 4,
    }),
  );
  session.pause();
  return session;
}

afterEach(() => {
  setDialog('nextTurn', false);
  closeSession();
});

describe('passing the turn (the header button and Enter)', () => {
  it('asks first while something is left (here, banners to place), and passes nothing', () => {
    const session = newGame();
    const left = turnLeft(session.snapshot.lobby.game, 0);
    expect(left.banners).toBe(2);
    askToPass(session);
    expect(appStore.get().dialogs.nextTurn).toBe(true);
    expect(session.snapshot.active).toBe(0);
    expect(session.snapshot.lobby.game.turn.count).toBe(1);
  });

  it('passes at once, no question, when the engine says nothing is left to do', () => {
    const session = newGame();
    // Raise banners while there is a legal spot: their units cannot act this turn (RULES §4.2).
    for (let spot = bannerSpots(session.snapshot.lobby.game, 0)[0]; spot; ) {
      expect(session.act({ id: 'place_banner', info: { country: 0, x: spot.x, y: spot.y } })).toBe(true);
      spot = bannerSpots(session.snapshot.lobby.game, 0)[0];
    }
    expect(nothingLeft(turnLeft(session.snapshot.lobby.game, 0))).toBe(true);
    askToPass(session);
    expect(appStore.get().dialogs.nextTurn).toBe(false);
    expect(session.snapshot.lobby.game.turn.count).toBe(2);
    expect(session.snapshot.active).toBeNull();
  });

  it("does nothing when it is not this device's turn", () => {
    const session = newGame();
    for (let spot = bannerSpots(session.snapshot.lobby.game, 0)[0]; spot; ) {
      session.act({ id: 'place_banner', info: { country: 0, x: spot.x, y: spot.y } });
      spot = bannerSpots(session.snapshot.lobby.game, 0)[0];
    }
    askToPass(session);
    const seq = session.snapshot.lobby.seq;
    askToPass(session);
    expect(session.snapshot.lobby.seq).toBe(seq);
    expect(appStore.get().dialogs.nextTurn).toBe(false);
  });
});

describe('passing online works the same way', () => {
  /** Alice's first turn online, the game as the server logged it (two banners in hand). */
  function online(log = startedLog()) {
    const send = vi.fn(async (): Promise<Ack> => ({ ok: true }));
    const session = new OnlineSession(stateOf(log), log, {
      playerId: ALICE,
      pace: () => ({ action: 0, turn: 0 }),
      send,
    });
    return { session, send };
  }

  it('asks while a banner can still go down, and sends nothing', () => {
    const { session, send } = online();
    askToPass(session);
    expect(appStore.get().dialogs.nextTurn).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the pass at once when nothing is left', () => {
    let log = startedLog();
    for (let spot = bannerSpots(stateOf(log).game, 0)[0]; spot; spot = bannerSpots(stateOf(log).game, 0)[0])
      log = act(log, ALICE, { id: 'place_banner', info: { country: 0, x: spot.x, y: spot.y } });
    const { session, send } = online(log);
    askToPass(session);
    expect(appStore.get().dialogs.nextTurn).toBe(false);
    expect(send).toHaveBeenCalledWith({ id: 'next_turn', info: { country: 0 } });
  });
});
