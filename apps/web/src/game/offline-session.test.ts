import { fold, stateHash, type LobbyEvent } from '@four-banners/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineGameLog } from './offline-log';
import { OfflineSession } from './offline-session';
import { DEVICE_PLAYER_ID, defaultSeats, seatsToPlayers, type Seat } from './seats';

const AT = new Date('2026-01-01T00:00:00Z');

function counterSeeds(start = 1) {
  let n = start;
  return () => (n = (Math.imul(n, 1103515245) + 12345) >>> 0);
}

function newLog(seats: Seat[], w = 8, h = 8, seed = 42): LobbyEvent[] {
  return offlineGameLog({
    lobbyId: 'offline-test',
    adminId: DEVICE_PLAYER_ID,
    players: seatsToPlayers(seats),
    w,
    h,
    seed,
    startSeed: 7,
    at: AT,
  });
}

function newSession(seats: Seat[], opts: { w?: number; h?: number; seed?: number } = {}) {
  return new OfflineSession(newLog(seats, opts.w, opts.h, opts.seed), {
    pace: () => ({ action: 100, turn: 200 }),
    seed: counterSeeds(),
    now: () => AT,
  });
}

const vsBots = (n: number, difficulty: Seat['difficulty'] = 'easy') =>
  defaultSeats('Player').map((s, i) =>
    i === 0 ? s : i <= n ? { ...s, difficulty } : { ...s, kind: 'empty' as const },
  );

describe('offline log', () => {
  it('default seats are Player on green plus three easy bots with empty names', () => {
    const players = seatsToPlayers(defaultSeats('Player'));
    expect(players.map((p) => [p.name, p.country, p.bot?.difficulty])).toEqual([
      ['Player', 0, undefined],
      ['', 1, 'easy'],
      ['', 2, 'easy'],
      ['', 3, 'easy'],
    ]);
  });

  it('a new game is lobby-created, the seats in order, then start, with contiguous seqs', () => {
    const log = newLog(defaultSeats('Player'));
    expect(log.map((e) => e.kind)).toEqual([
      'lobby-created',
      'player-joined',
      'player-joined',
      'player-joined',
      'player-joined',
      'game-action',
    ]);
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.filter((e) => e.kind !== 'game-action').every((e) => e.seed === null)).toBe(true);
    const state = fold(log);
    expect(state.ok && state.value.game.running).toBe(true);
  });
});

describe('offline session', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the person on the first seat moves first', () => {
    const s = newSession(vsBots(3));
    expect(s.snapshot.active).toBe(0);
    expect(s.snapshot.botTurn).toBeNull();
  });

  it('an illegal action is ignored and changes nothing', () => {
    const s = newSession(vsBots(3));
    const before = s.snapshot;
    expect(s.act({ id: 'move_unit', info: { country: 0, from: { x: 0, y: 0 }, to: { x: 5, y: 5 } } })).toBe(false);
    expect(s.act({ id: 'next_turn', info: { country: 1 } })).toBe(false);
    expect(s.act({ id: 'start', info: {} })).toBe(false);
    expect(s.snapshot).toBe(before);
  });

  it('passing the turn plays every following bot turn, paced, then hands the turn back', () => {
    const s = newSession(vsBots(3));
    const logBefore = s.snapshot.events.length;
    expect(s.passTurn()).toBe(true);
    expect(s.snapshot.active).toBeNull();
    expect(s.snapshot.botTurn).toBe(1);
    const afterPass = s.snapshot.events.length;
    vi.advanceTimersByTime(99);
    expect(s.snapshot.events.length).toBe(afterPass); // nothing before the first pause
    vi.advanceTimersByTime(1);
    expect(s.snapshot.events.length).toBe(afterPass + 1);
    vi.runAllTimers();
    expect(s.snapshot.botTurn).toBeNull();
    expect(s.snapshot.active).toBe(0);
    const botEvents = s.snapshot.events.slice(logBefore + 1);
    expect(new Set(botEvents.map((e) => e.actor))).toEqual(new Set(['bot-1', 'bot-2', 'bot-3']));
    expect(botEvents.every((e) => e.kind === 'game-action' && typeof e.seed === 'number')).toBe(true);
    // The state shown is exactly the fold of the log.
    const refold = fold(s.snapshot.events);
    expect(refold.ok && stateHash(refold.value)).toBe(stateHash(s.snapshot.lobby));
  });

  it('skip plays the bots at once', () => {
    const s = newSession(vsBots(3));
    s.passTurn();
    s.skipBots();
    expect(s.snapshot.botTurn).toBeNull();
    expect(s.snapshot.active).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a banner placed by the person is logged with its actor and changes the game', () => {
    const s = newSession(vsBots(1));
    const game = s.snapshot.lobby.game;
    const own = game.tiles.find((t) => t.owner === 0 && t.landmark === -1 && !t.unit)!;
    expect(s.act({ id: 'place_banner', info: { country: 0, x: own.pos.x, y: own.pos.y } })).toBe(true);
    const last = s.snapshot.events.at(-1)!;
    expect(last.kind).toBe('game-action');
    expect(last.actor).toBe(DEVICE_PLAYER_ID);
    expect(s.snapshot.lobby.game.tiles[own.pos.x + own.pos.y * game.width]!.landmark).toBe(0);
  });

  it('hot-seat: a local player is played on this device, with no bot in between', () => {
    const seats = defaultSeats('Player').map(
      (s, i): Seat => (i === 1 ? { ...s, kind: 'local', name: 'Ann' } : i === 0 ? s : { ...s, kind: 'empty' }),
    );
    const s = newSession(seats);
    expect(s.snapshot.active).toBe(0);
    s.passTurn();
    expect(s.snapshot.botTurn).toBeNull();
    expect(s.snapshot.active).toBe(1);
    expect(s.snapshot.events.at(-1)!.actor).toBe(DEVICE_PLAYER_ID);
    s.passTurn();
    expect(s.snapshot.events.at(-1)!.actor).toBe('local-1');
  });

  it('a person who only passes against a hard bot loses, and the player status says so', () => {
    const s = newSession(vsBots(1, 'hard'), { w: 5, h: 5, seed: 3 });
    for (let i = 0; i < 200 && s.snapshot.outcome === null; i++) {
      if (s.snapshot.active !== null) s.passTurn();
      vi.runAllTimers();
    }
    expect(s.snapshot.outcome).toBe('lost');
    expect(s.snapshot.active).toBeNull();
  });

  it('a log that does not fold is refused', () => {
    const log = newLog(vsBots(1));
    expect(() => new OfflineSession(log.slice(1))).toThrow();
  });

  it('pausing holds the bots where they are and resuming carries on', () => {
    const s = newSession(vsBots(3));
    s.passTurn();
    vi.advanceTimersByTime(250);
    const n = s.snapshot.events.length;
    s.pause();
    vi.advanceTimersByTime(10_000);
    expect(s.snapshot.events.length).toBe(n);
    s.resume();
    vi.runAllTimers();
    expect(s.snapshot.active).toBe(0);
  });

  it('disposing stops the bots', () => {
    const s = newSession(vsBots(3));
    s.passTurn();
    const n = s.snapshot.events.length;
    s.dispose();
    vi.runAllTimers();
    expect(s.snapshot.events.length).toBe(n);
  });
});
