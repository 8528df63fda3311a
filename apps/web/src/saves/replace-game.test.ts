import { isGameOver, type LobbyEvent } from '@four-banners/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineGameLog } from '../game/offline-log';
import { OfflineSession } from '../game/offline-session';
import { DEVICE_PLAYER_ID, defaultSeats, seatsToPlayers, type Seat } from '../game/seats';
import { gameAtRisk, replaceMessage, startsWith } from './replace-game';
import { importSaveText, toSaveFile } from './save-file';

const sessions: OfflineSession[] = [];
afterEach(() => sessions.splice(0).forEach((s) => s.dispose()));

function seededLog(seats: Seat[], seed = 42): LobbyEvent[] {
  return offlineGameLog({
    lobbyId: 'offline-replace',
    adminId: DEVICE_PLAYER_ID,
    players: seatsToPlayers(seats),
    w: 6,
    h: 6,
    seed,
    startSeed: 7,
  });
}

function session(seats: Seat[], seed = 42): OfflineSession {
  let n = 1;
  const s = new OfflineSession(seededLog(seats, seed), {
    pace: () => ({ action: 0, turn: 0 }),
    seed: () => (n = (Math.imul(n, 1103515245) + 12345) >>> 0),
  });
  sessions.push(s);
  return s;
}

const seats = (kinds: readonly Seat['kind'][], difficulty: Seat['difficulty'] = 'easy'): Seat[] =>
  defaultSeats('Player').map((s, i) => ({
    ...s,
    kind: kinds[i] ?? 'empty',
    name: kinds[i] === 'local' ? `Ann` : s.name,
    difficulty,
  }));

/** The person only passes (the bots play at once) until the game is over for this device. */
function passUntilOutcome(s: OfflineSession): void {
  for (let i = 0; i < 500 && s.snapshot.outcome === null; i++) {
    if (s.snapshot.active !== null) s.passTurn();
    s.skipBots();
  }
}

describe('replacing the game in progress (safe saves)', () => {
  it('there is nothing to lose without a game', () => {
    expect(gameAtRisk(null)).toBeNull();
  });

  it('an offline game in progress would be lost: its turn and the country this device plays', () => {
    const s = session(seats(['you', 'bot', 'bot']));
    const risk = gameAtRisk(s);
    expect(risk).toEqual({ turn: s.snapshot.lobby.game.turn.count, countries: [0] });
    expect(replaceMessage(risk!, { kind: 'load', name: 'Sunday game' })).toBe(
      `A game is in progress (turn ${risk!.turn}, you are Green). Loading “Sunday game” replaces it.`,
    );
    expect(replaceMessage({ turn: 14, countries: [0] }, { kind: 'new' })).toBe(
      'A game is in progress (turn 14, you are Green). Starting a new game replaces it.',
    );
  });

  it('names every country played on this device in a hot-seat game, and a bots-only game as such', () => {
    const hotSeat = gameAtRisk(session(seats(['you', 'bot', 'local'])))!;
    expect(hotSeat.countries).toEqual([0, 2]);
    expect(replaceMessage(hotSeat, { kind: 'new' })).toContain('you are Green and Red)');
    const botsOnly = gameAtRisk(session(seats(['bot', 'bot'])))!;
    expect(botsOnly.countries).toEqual([]);
    expect(replaceMessage(botsOnly, { kind: 'new' })).toContain('bots only)');
  });

  it('an online game is not asked about: the server keeps it', () => {
    const s = session(seats(['you', 'bot']));
    expect(gameAtRisk({ online: true, playerId: s.playerId, snapshot: s.snapshot })).toBeNull();
  });

  it('a game that is over for this device is not asked about', () => {
    const s = session(seats(['you', 'bot'], 'hard'), 5);
    expect(gameAtRisk(s)).not.toBeNull();
    passUntilOutcome(s);
    expect(s.snapshot.outcome).not.toBeNull();
    expect(gameAtRisk(s)).toBeNull();
  });

  it('a bots-only game is asked about until it is over', () => {
    const s = session(seats(['bot', 'bot'], 'hard'), 5);
    s.skipBots();
    expect(isGameOver(s.snapshot.lobby.game)).toBe(true);
    expect(gameAtRisk(s)).toBeNull();
  });

  it('a game whose whole log is already kept (the save being loaded, its own save) is not asked about', () => {
    const s = session(seats(['you', 'bot', 'bot']));
    const savedNow = [...s.snapshot.events];
    // A round trip through storage keeps the events equal, not identical.
    const stored = JSON.parse(JSON.stringify(savedNow)) as LobbyEvent[];
    expect(gameAtRisk(s, [stored])).toBeNull();

    s.passTurn();
    s.skipBots();
    const moved = [...s.snapshot.events];
    expect(moved.length).toBeGreaterThan(savedNow.length);
    // Saved earlier, played on since: the moves after the save would be lost.
    expect(gameAtRisk(s, [stored])).not.toBeNull();
    // A save that continues this very game keeps all of it.
    expect(gameAtRisk(s, [[...moved, ...moved.slice(-1)]])).toBeNull();
    // Another game's save keeps nothing of this one.
    expect(gameAtRisk(s, [seededLog(seats(['you', 'bot', 'bot']), 43)])).not.toBeNull();
  });

  it('startsWith compares events by value, from the first', () => {
    const log = seededLog(seats(['you', 'bot']));
    expect(startsWith(log, [])).toBe(true);
    expect(startsWith(log, log.slice(0, 2))).toBe(true);
    expect(startsWith(log.slice(0, 2), log)).toBe(false);
    expect(startsWith(log, seededLog(seats(['you', 'bot']), 9))).toBe(false);
  });

  it('an imported save (the same events, keys in another order) keeps the game', () => {
    const s = session(seats(['you', 'bot', 'bot']));
    s.passTurn();
    s.skipBots();
    const events = [...s.snapshot.events];
    const file = JSON.stringify(
      toSaveFile({
        id: 'save-x',
        name: 'Exported',
        savedAt: '2026-01-01T00:00:00.000Z',
        turn: 1,
        countries: [0, 1, 2],
        events,
      }),
    );
    const imported = importSaveText(file);
    if (!imported.ok) throw new Error(imported.message);
    expect(JSON.stringify(imported.record.events)).not.toBe(JSON.stringify(events));
    expect(gameAtRisk(s, [imported.record.events])).toBeNull();
  });
});
