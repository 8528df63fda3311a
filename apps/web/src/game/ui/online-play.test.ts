/** The logic of online play's views: the turn clock, the away notice, the quit question, quick match, open lobbies. */
import { DEFAULT_SETTINGS, type LobbyState, type Player } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { awayLines } from './AwayNotice';
import { clockView } from './turn-clock';
import { quitMessage } from '../../online/lobby-actions';
import { ageOf, clockWords, freeColour } from '../../online/open-lobbies';
import { waitingView } from '../../online/quick-match';
import { ALICE, BOB, startedLog, stateOf } from '../../../test/fixtures/online-lobby-log';

const STARTED = Date.parse('2026-01-01T00:00:00Z');

/** Alice's first turn with a 30 s clock that began at `STARTED`. */
function clocked(change: Partial<LobbyState> = {}): LobbyState {
  const s = stateOf(startedLog());
  return {
    ...s,
    settings: { ...DEFAULT_SETTINGS, clock: 30 },
    turnStartedAt: new Date(STARTED).toISOString(),
    ...change,
  };
}

describe('the turn clock on the game screen (PROTOCOL §4.8)', () => {
  it('counts down on the player whose turn it is, from the turn’s start', () => {
    const v = clockView(clocked(), STARTED + 12_500, 0)!;
    expect(v).toMatchObject({ country: 0, playerId: ALICE, text: '0:18', warning: false });
  });

  it('warns in the last ten seconds, and stops at 0:00 until the server passes the turn', () => {
    expect(clockView(clocked(), STARTED + 21_000, 0)).toMatchObject({ text: '0:09', warning: true });
    expect(clockView(clocked(), STARTED + 45_000, 0)).toMatchObject({ text: '0:00', warning: false, ms: 0 });
  });

  it('reads the deadline in the server’s time: a device 1 h behind shows the same seconds', () => {
    const hour = 3_600_000;
    expect(clockView(clocked(), STARTED + 5_000 - hour, hour)?.text).toBe('0:25');
  });

  it('shows nothing without a clock, before the start, or while an away person’s bot plays', () => {
    expect(clockView(clocked({ settings: DEFAULT_SETTINGS }), STARTED, 0)).toBeNull();
    expect(clockView(clocked({ turnStartedAt: null }), STARTED, 0)).toBeNull();
    const s = clocked();
    const away = { ...s, players: s.players.map((p) => (p.id === ALICE ? { ...p, away: 'absent' as const } : p)) };
    expect(clockView(away, STARTED, 0)).toBeNull();
    expect(clockView(null, STARTED, 0)).toBeNull();
  });

  it('names each turn apart, so its warning is given once', () => {
    const a = clockView(clocked(), STARTED, 0)!;
    const b = clockView(clocked({ turnStartedAt: new Date(STARTED + 31_000).toISOString() }), STARTED, 0)!;
    expect(a.turnKey).not.toBe(b.turnKey);
  });
});

describe('away players (PROTOCOL §4.8)', () => {
  const s = stateOf(startedLog());
  const withAway = (ids: string[]) => ({
    ...s,
    players: s.players.map((p) => (ids.includes(p.id) ? { ...p, away: 'absent' as const } : p)),
  });

  it('tells the others that a bot plays for the away person', () => {
    expect(awayLines(withAway([BOB]), ALICE)).toEqual({
      mine: false,
      others: ['Away — a bot is playing for Bob'],
      paused: false,
    });
  });

  it('tells the away person themselves, who gets “I’m back”', () => {
    expect(awayLines(withAway([BOB]), BOB)).toMatchObject({ mine: true, others: [] });
  });

  it('every person away: the game is paused', () => {
    expect(awayLines(withAway([ALICE, BOB]), ALICE).paused).toBe(true);
  });

  it('says nothing when nobody is away', () => {
    expect(awayLines(s, ALICE)).toEqual({ mine: false, others: [], paused: false });
  });
});

describe('the quit dialog', () => {
  it('says that leaving a running game resigns your country', () => {
    expect(quitMessage(stateOf(startedLog()), ALICE)).toMatch(/resigns your country/);
  });

  it('asks plainly before the game, offline, and for a person without a colour', () => {
    const s = stateOf(startedLog());
    expect(quitMessage(null, ALICE)).toBe('Are you sure you want to leave the lobby?');
    expect(quitMessage({ ...s, game: { ...s.game, running: false } }, ALICE)).toBe(
      'Are you sure you want to leave the lobby?',
    );
    expect(quitMessage(s, 'watcher')).toBe('Are you sure you want to leave the lobby?');
  });
});

describe('the quick match waiting view (PROTOCOL §4.7)', () => {
  const created = stateOf(startedLog().slice(0, 1));
  const startBy = Date.parse('2026-01-01T00:00:45Z');
  const quick = (people: number, seats: 2 | 4 = 4): LobbyState => ({
    ...created,
    players: (
      [
        { id: ALICE, name: 'Alice', country: 0 },
        { id: BOB, name: 'Bob', country: 1 },
        { id: 'carol', name: 'Carol', country: 2 },
      ] satisfies Player[]
    ).slice(0, people),
    settings: {
      ...DEFAULT_SETTINGS,
      listed: true,
      clock: 60,
      quick: { seats, startBy: new Date(startBy).toISOString() },
    },
  });

  it('alone: waits for another player, with no countdown', () => {
    expect(waitingView(quick(1), startBy - 30_000)).toMatchObject({
      phase: 'alone',
      seatsLeft: 3,
      line: 'Waiting for another player…',
    });
  });

  it('two or more: counts down to the start with bots', () => {
    expect(waitingView(quick(2), startBy - 32_000)).toMatchObject({
      phase: 'starting',
      seatsLeft: 2,
      line: 'Starting with bots in 0:32',
    });
    expect(waitingView(quick(3), startBy - 32_000)?.people.map((p) => p.name)).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('past the start time: starting now (the server’s start is on its way)', () => {
    expect(waitingView(quick(2), startBy + 1)).toMatchObject({ phase: 'due', line: 'Starting now…' });
  });

  it('is not shown for an ordinary lobby, nor once the game runs', () => {
    expect(waitingView(created, startBy)).toBeNull();
    expect(waitingView(stateOf(startedLog()), startBy)).toBeNull();
  });
});

describe('open lobbies (PROTOCOL §8.7)', () => {
  it('joins on the first free colour', () => {
    expect(freeColour({ players: [] })).toBe(0);
    expect(
      freeColour({
        players: [
          { name: 'A', country: 0, bot: false },
          { name: 'B', country: 2, bot: true },
        ],
      }),
    ).toBe(1);
    expect(freeColour({ players: [0, 1, 2, 3].map((c) => ({ name: 'x', country: c as 0, bot: false })) })).toBeNull();
  });

  it('says the age and the clock in words', () => {
    const now = Date.parse('2026-01-01T01:00:00Z');
    expect(ageOf('2026-01-01T00:59:30Z', now)).toBe('just now');
    expect(ageOf('2026-01-01T00:57:00Z', now)).toBe('3 min');
    expect(ageOf('2025-12-31T22:00:00Z', now)).toBe('3 h');
    expect(clockWords(0)).toBe('no clock');
    expect(clockWords(30)).toBe('30 s per turn');
    expect(clockWords(120)).toBe('2 min per turn');
  });
});
