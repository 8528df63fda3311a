/**
 * Lobby settings, turn clocks and absent players in the fold (PROTOCOL §4.7, §4.8): what the log alone
 * decides — when a turn's clock started, who is away, when the game is paused — so every node, client and
 * replay computes the same deadline from the same events.
 */
import { describe, expect, it } from 'vitest';
import type { GameAction } from '../actions/index.js';
import { COUNTRY, RULES_VERSION, type CountryId } from '../constants.js';
import { whoseTurn } from '../turns.js';
import type { LobbyEvent, LobbyEventPayloads, Player } from './events.js';
import { fold, isPaused, stateHash, turnDeadline, type LobbyState } from './fold.js';

const G = COUNTRY.green;
const P = COUNTRY.purple;
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const time = (s: number) => new Date(T0 + s * 1000).toISOString();

/** A log builder whose events happen at `t` seconds after T0 (set with `.at(t)`). */
function log(created: Partial<LobbyEventPayloads['lobby-created']> = {}) {
  const events: LobbyEvent[] = [];
  let now = 0;
  const add = <K extends keyof LobbyEventPayloads>(kind: K, payload: LobbyEventPayloads[K], actor = 'a') => {
    const seed = kind === 'game-action' ? 7 : null;
    events.push({ seq: events.length + 1, kind, actor, payload, seed, at: time(now) } as LobbyEvent);
    return api;
  };
  const api = {
    events,
    at: (t: number) => {
      now = t;
      return api;
    },
    join: (id: string, country: CountryId, extra: Partial<Player> = {}) =>
      add('player-joined', { player: { id, name: id.toUpperCase(), country, ...extra } }, id),
    act: (action: GameAction, actor = 'a') => add('game-action', action, actor),
    timeout: (country: CountryId, playerId: string) => add('turn-timeout', { country, playerId }, 'server'),
    away: (playerId: string, reason: 'absent' | 'timeouts' = 'absent') =>
      add('player-away', { playerId, reason }, 'server'),
    back: (playerId: string) => add('player-back', { playerId }, playerId),
    update: (p: LobbyEventPayloads['lobby-updated']) => add('lobby-updated', p),
  };
  add('lobby-created', { lobbyId: 'L1', adminId: 'a', w: 8, h: 8, seed: 5, rulesVersion: RULES_VERSION, ...created });
  return api;
}

function folded(events: readonly LobbyEvent[]): LobbyState {
  const r = fold(events);
  if (!r.ok) throw new Error(`fold failed at ${r.error.seq}: ${r.error.message}`);
  return r.value;
}

/** A clocked two-person game started at t = 10 s: green ('a') plays first. */
function started(clock: 0 | 30 | 60 | 120 = 30) {
  return log({ clock, listed: true }).join('a', G).join('b', P).at(10).act({ id: 'start', info: {} });
}

describe('lobby settings (PROTOCOL §4.7)', () => {
  it('a log from before the settings folds to a private lobby without a clock', () => {
    const s = folded(log().events);
    expect(s.settings).toEqual({ listed: false, clock: 0, botLevel: 'normal', quick: null });
    expect(s.turnStartedAt).toBeNull();
  });

  it('lobby-created and lobby-updated set listing, clock, away bots level and quick match', () => {
    const startBy = time(45);
    const l = log({ listed: true, clock: 60, quick: { seats: 2, startBy } }).update({ clock: 120, botLevel: 'hard' });
    expect(folded(l.events).settings).toEqual({
      listed: true,
      clock: 120,
      botLevel: 'hard',
      quick: { seats: 2, startBy },
    });
  });

  it('refuses a clock, level or quick match outside the lists', () => {
    for (const bad of [
      { clock: 45 },
      { botLevel: 'grandmaster' },
      { listed: 'yes' },
      { quick: { seats: 3, startBy: time(1) } },
    ]) {
      const l = log(bad as Partial<LobbyEventPayloads['lobby-created']>);
      expect(fold(l.events).ok).toBe(false);
    }
    const updated = log().update({ clock: 15 as 30 });
    expect(fold(updated.events).ok).toBe(false);
  });

  it('settings are part of the state hash', () => {
    expect(stateHash(folded(log().events))).not.toBe(stateHash(folded(log({ clock: 30 }).events)));
  });
});

describe('turn clocks (PROTOCOL §4.8)', () => {
  it('the clock of a turn counts from the event that began it', () => {
    const s = folded(started(30).events);
    expect(s.turnStartedAt).toBe(time(10));
    expect(turnDeadline(s)).toBe(T0 + 40_000);
    // A test server shortens a clock second.
    expect(turnDeadline(s, 20)).toBe(T0 + 10_000 + 600);
  });

  it('moves within a turn keep its start; passing begins the next one', () => {
    const l = started(60);
    const s = folded(l.events);
    const mover = whoseTurn(s.game)!;
    l.at(25).act({ id: 'next_turn', info: { country: mover } });
    const after = folded(l.events);
    expect(after.turnStartedAt).toBe(time(25));
  });

  it('no clock: no deadline', () => {
    expect(turnDeadline(folded(started(0).events))).toBeNull();
    expect(turnDeadline(folded(log({ clock: 30 }).join('a', G).join('b', P).events))).toBeNull();
  });

  it('a timeout counts a missed turn for that person; their own action starts the run again', () => {
    const l = started(30);
    const first = whoseTurn(folded(l.events).game)!;
    const person = first === G ? 'a' : 'b';
    l.at(40)
      .timeout(first, person)
      .act({ id: 'next_turn', info: { country: first } }, 'server');
    const s = folded(l.events);
    expect(s.players.find((p) => p.id === person)?.missed).toBe(1);
    const other = whoseTurn(s.game)!;
    l.at(41).act({ id: 'next_turn', info: { country: other } }, other === G ? 'a' : 'b');
    l.at(42).act({ id: 'next_turn', info: { country: first } }, person);
    expect(folded(l.events).players.find((p) => p.id === person)?.missed).toBe(0);
  });

  it('refuses a timeout for a country whose turn it is not, or for a seat that does not play it', () => {
    const l = started(30);
    const first = whoseTurn(folded(l.events).game)!;
    const notNow = first === G ? P : G;
    const wrongCountry = started(30).timeout(notNow, notNow === G ? 'a' : 'b');
    expect(fold(wrongCountry.events).ok).toBe(false);
    const wrongSeat = started(30).timeout(first, first === G ? 'b' : 'a');
    expect(fold(wrongSeat.events).ok).toBe(false);
  });
});

describe('absent players (PROTOCOL §4.8)', () => {
  it('an away person has no clock: a bot plays for them until they are back', () => {
    const l = started(30);
    const first = whoseTurn(folded(l.events).game)!;
    const person = first === G ? 'a' : 'b';
    l.at(20).away(person);
    const away = folded(l.events);
    expect(away.players.find((p) => p.id === person)?.away).toBe('absent');
    expect(turnDeadline(away)).toBeNull();
    expect(isPaused(away)).toBe(false);
    l.at(30).back(person);
    const back = folded(l.events);
    expect(back.players.find((p) => p.id === person)).toEqual({
      id: person,
      name: person.toUpperCase(),
      country: first,
    });
    // Back on their own turn before the bot played it: the turn's clock starts again from the return.
    expect(back.turnStartedAt).toBe(time(30));
  });

  it("back while another country moves leaves that turn's clock alone", () => {
    const l = started(30);
    const first = whoseTurn(folded(l.events).game)!;
    const other = first === G ? 'b' : 'a';
    l.at(20).away(other).at(30).back(other);
    expect(folded(l.events).turnStartedAt).toBe(time(10));
  });

  it('everyone away pauses the game; the first back resumes it and restarts the clock', () => {
    const l = started(30).at(20).away('a').away('b');
    const paused = folded(l.events);
    expect(isPaused(paused)).toBe(true);
    expect(turnDeadline(paused)).toBeNull();
    l.at(500).back('b');
    const resumed = folded(l.events);
    expect(isPaused(resumed)).toBe(false);
    expect(resumed.turnStartedAt).toBe(time(500));
  });

  it('refuses away before the game, twice, or for a bot; and back for someone present', () => {
    expect(fold(log().join('a', G).join('b', P).away('a').events).ok).toBe(false);
    expect(fold(started().away('a').away('a').events).ok).toBe(false);
    const withBot = log()
      .join('a', G)
      .join('bot-1', P, { bot: { difficulty: 'easy' } })
      .act({ id: 'start', info: {} })
      .away('bot-1');
    expect(fold(withBot.events).ok).toBe(false);
    expect(fold(started().back('a').events).ok).toBe(false);
  });

  it('a joined seat never brings the fold marks with it', () => {
    const s = folded(log().join('a', G, { away: 'absent', missed: 3 }).events);
    expect(s.players[0]).toEqual({ id: 'a', name: 'A', country: G });
  });

  it('away and missed are part of the state hash', () => {
    expect(stateHash(folded(started().away('a').events))).not.toBe(stateHash(folded(started().events)));
  });
});
