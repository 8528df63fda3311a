/**
 * Folding a lobby log (RULES §7, PROTOCOL §7.3). Past 400 lines because every event kind, and every way a
 * log can be refused, is a case here beside the one fold it checks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyLegal, type GameAction } from '../actions/index.js';
import { COUNTRY, LANDMARK, RULES_VERSION, TILE_TYPE, type CountryId, type PlayableCountry } from '../constants.js';
import { newGame } from '../game.js';
import { serializeGame } from '../serialize.js';
import type { GameData } from '../types.js';
import { LOBBY_EVENT_KINDS, type LobbyEvent, type LobbyEventPayloads, type Player } from './events.js';
import { applyEvent, fold, foldFrom, foldTo, seatedGame, stateHash } from './fold.js';

const G = COUNTRY.green;
const P = COUNTRY.purple;
const R = COUNTRY.red;
const Y = COUNTRY.yellow;
const AT = '2026-01-01T00:00:00.000Z';

/** Builds a log with contiguous seqs from 1. */
function log() {
  const events: LobbyEvent[] = [];
  const add = <K extends keyof LobbyEventPayloads>(
    kind: K,
    payload: LobbyEventPayloads[K],
    actor = 'a',
    seed: number | null = null,
  ) => {
    events.push({
      seq: events.length + 1,
      kind,
      actor,
      payload,
      seed: kind === 'game-action' ? (seed ?? 0) : null,
      at: AT,
    } as LobbyEvent);
    return api;
  };
  const api = {
    events,
    created: (w = 6, h = 5, seed = 17, rulesVersion = RULES_VERSION) =>
      add('lobby-created', { lobbyId: 'L1', adminId: 'a', w, h, seed, rulesVersion }),
    join: (id: string, country: CountryId, extra: Partial<Player> = {}) =>
      add('player-joined', { player: { id, name: id.toUpperCase(), country, ...extra } }, id),
    leave: (playerId: string) => add('player-left', { playerId, by: playerId }, playerId),
    update: (p: LobbyEventPayloads['lobby-updated']) => add('lobby-updated', p),
    country: (playerId: string, country: CountryId) => add('country-changed', { playerId, country }, playerId),
    chat: (playerId: string, msg: string) => add('chat', { playerId, msg }, playerId),
    load: (game: GameData) => add('state-loaded', { state: serializeGame(game) }),
    act: (action: GameAction, seed: number, actor = 'a') => add('game-action', action, actor, seed),
  };
  return api;
}

/** The game an independent folder would build: the countries in order, then generate (PROTOCOL §7.3). */
function mapOf(ids: PlayableCountry[], w: number, h: number, seed: number): GameData {
  let g = newGame(w, h, seed);
  for (const country of ids) g = applyLegal(g, { id: 'add_country', info: { country } }, 0);
  return applyLegal(g, { id: 'generate', info: { w, h, seed } }, 0);
}
function folded(events: readonly LobbyEvent[]) {
  const r = fold(events);
  if (!r.ok) throw new Error(`fold failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}

describe('fold: lobby and seats (PROTOCOL §7.3)', () => {
  it('lobby-created starts an online lobby with its settings, no players and no map', () => {
    const s = folded(log().created(6, 5, 17).events);
    expect(s).toMatchObject({
      lobbyId: 'L1',
      adminId: 'a',
      rulesVersion: RULES_VERSION,
      online: true,
      w: 6,
      h: 5,
      seed: 17,
      players: [],
      messages: [],
      loaded: false,
      seq: 1,
    });
    expect(s.game.tiles).toEqual([]);
    expect(s.game.running).toBe(false);
  });

  it('one seated country: no map yet', () => {
    const s = folded(log().created().join('a', G).events);
    expect(s.players.map((p) => p.id)).toEqual(['a']);
    expect(s.game.countries.map((c) => c.id)).toEqual([G]);
    expect(s.game.tiles).toEqual([]);
  });

  it('two seated countries: the map is generated from (countries, w, h, seed)', () => {
    const s = folded(log().created(6, 5, 17).join('a', G).join('b', P).events);
    expect(s.game).toEqual(mapOf([G, P], 6, 5, 17));
  });

  it('seat order is turn order: joining purple then green makes purple move first', () => {
    const l = log().created(6, 5, 17).join('a', P).join('b', G);
    const s = folded(l.events);
    expect(s.game.countries.map((c) => c.id)).toEqual([P, G]);
    expect(s.game).toEqual(mapOf([P, G], 6, 5, 17));
    const started = folded(l.act({ id: 'start', info: {} }, 3).events);
    expect(started.game.turn).toEqual({ count: 1, type: P });
  });

  it('players with country none are seated but skipped in the country list', () => {
    const s = folded(log().created().join('a', COUNTRY.none).join('b', R).join('c', Y).events);
    expect(s.players.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(s.game).toEqual(mapOf([R, Y], 6, 5, 17));
  });

  it('bots and hot-seat players join the same way and count as seats', () => {
    const s = folded(
      log()
        .created()
        .join('a', G)
        .join('bot1', R, { bot: { difficulty: 'hard' } })
        .join('h', Y, { local: { ownerId: 'a' } }).events,
    );
    expect(s.players[1]!.bot).toEqual({ difficulty: 'hard' });
    expect(s.game).toEqual(mapOf([G, R, Y], 6, 5, 17));
  });

  it('country-changed keeps the seat’s place and regenerates the map', () => {
    const before = folded(log().created().join('a', G).join('b', P).join('c', R).events);
    const after = folded(log().created().join('a', G).join('b', P).join('c', R).country('a', Y).events);
    expect(after.players.map((p) => [p.id, p.country])).toEqual([
      ['a', Y],
      ['b', P],
      ['c', R],
    ]);
    expect(after.game).toEqual(mapOf([Y, P, R], 6, 5, 17));
    expect(after.game.tiles).not.toEqual(before.game.tiles);
  });

  it('a player leaving before start regenerates the map without their country (and drops the map below 2)', () => {
    const three = folded(log().created().join('a', G).join('b', P).join('c', R).leave('b').events);
    expect(three.players.map((p) => p.id)).toEqual(['a', 'c']);
    expect(three.game).toEqual(mapOf([G, R], 6, 5, 17));
    const one = folded(log().created().join('a', G).join('b', P).leave('b').events);
    expect(one.game.countries.map((c) => c.id)).toEqual([G]);
    expect(one.game.tiles).toEqual([]);
  });

  it.each([
    [{ w: 8 }, 8, 5, 17],
    [{ h: 3 }, 6, 3, 17],
    [{ seed: 99 }, 6, 5, 99],
    [{ w: 4, h: 4, seed: 2 ** 32 - 1 }, 4, 4, 2 ** 32 - 1],
  ])('lobby-updated %j regenerates the map', (update, w, h, seed) => {
    const s = folded(log().created(6, 5, 17).join('a', G).join('b', P).update(update).events);
    expect([s.w, s.h, s.seed]).toEqual([w, h, seed]);
    expect(s.game).toEqual(mapOf([G, P], w, h, seed));
  });

  it('lobby-updated with only adminId or online changes no map', () => {
    const base = folded(log().created().join('a', G).join('b', P).events);
    const s = folded(
      log().created().join('a', G).join('b', P).update({ adminId: 'b' }).update({ online: false }).events,
    );
    expect(s.adminId).toBe('b');
    expect(s.online).toBe(false);
    expect(s.game).toEqual(base.game);
  });

  it('chat messages are appended in order with their seq and player', () => {
    const s = folded(log().created().join('a', G).chat('a', 'hi').chat('a', 'there').events);
    expect(s.messages.map((m) => [m.seq, m.playerId, m.msg])).toEqual([
      [3, 'a', 'hi'],
      [4, 'a', 'there'],
    ]);
  });
});

describe('fold: state-loaded (PROTOCOL §7.3, RULES §7)', () => {
  /** A save on a 4×3 map of [red, green] at green's turn 2, not running, with a hand-placed banner. */
  function save(): GameData {
    const g = mapOf([R, G], 4, 3, 5);
    const tiles = g.tiles.slice();
    tiles[0] = { ...tiles[0]!, owner: R, type: TILE_TYPE.settled, landmark: LANDMARK.banner };
    return { ...g, tiles, turn: { count: 2, type: G } };
  }

  it('replaces the game with the loaded one (countries and map) and takes its w, h and seed', () => {
    const s = folded(log().created(6, 5, 17).join('a', G).join('b', P).load(save()).events);
    expect(s.game).toEqual(save());
    expect([s.w, s.h, s.seed]).toEqual([4, 3, 5]);
    expect(s.loaded).toBe(true);
  });

  it('after a load, seating changes do not regenerate the map', () => {
    const s = folded(
      log().created().join('a', G).join('b', P).load(save()).country('b', R).join('c', Y).leave('c').events,
    );
    expect(s.game).toEqual(save());
  });

  it('after a load, a change of w, h or seed regenerates from the seated countries again', () => {
    const s = folded(log().created().join('a', G).join('b', R).load(save()).update({ seed: 8 }).events);
    expect(s.loaded).toBe(false);
    expect(s.game).toEqual(mapOf([G, R], 4, 3, 8));
  });

  it('folding a state-loaded event never re-adds missing countries (that happened before logging)', () => {
    const g = save();
    const tiles = g.tiles.slice();
    tiles[1] = { ...tiles[1]!, unit: { id: Y, attacked: false, moved: false } }; // yellow alive, not listed
    const s = folded(
      log()
        .created()
        .join('a', G)
        .join('b', R)
        .load({ ...g, tiles }).events,
    );
    expect(s.game.countries.map((c) => c.id)).toEqual([R, G]);
  });

  it('a loaded game starts where it was: the count maps to green, green plays on', () => {
    const s = folded(log().created().join('a', G).join('b', R).load(save()).act({ id: 'start', info: {} }, 1).events);
    expect(s.game.running).toBe(true);
    expect(s.game.turn).toEqual({ count: 2, type: G });
  });

  it('an invalid state is refused as bad_log', () => {
    const l = log().created().join('a', G);
    l.events.push({
      seq: 3,
      kind: 'state-loaded',
      actor: 'a',
      payload: { state: { ...serializeGame(save()), w: 0 } },
      seed: null,
      at: AT,
    });
    const r = fold(l.events);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'bad_log', seq: 3 });
  });
});

describe('fold: game actions (RULES §5.2, §7)', () => {
  /** Green and purple seated and started; the game state before each later action is known. */
  const started = () => log().created(6, 5, 17).join('a', G).join('b', P).act({ id: 'start', info: {} }, 3);

  it('each game-action is applied with its own seed', () => {
    const before = folded(started().events).game;
    expect(before).toEqual(applyLegal(mapOf([G, P], 6, 5, 17), { id: 'start', info: {} }, 3));
    const target = before.tiles.find((t) => t.owner === G && t.landmark === LANDMARK.none)!;
    const banner: GameAction = { id: 'place_banner', info: { country: G, x: target.pos.x, y: target.pos.y } };
    const l = started()
      .act(banner, 555)
      .act({ id: 'next_turn', info: { country: G } }, 777, 'a');
    const s = folded(l.events);
    const expected = applyLegal(applyLegal(before, banner, 555), { id: 'next_turn', info: { country: G } }, 777);
    expect(s.game).toEqual(expected);
  });

  it('the seed matters: a chest turn reached with different seeds places the chest by that seed', () => {
    // With N = 2 turn 7 is a chest turn: six passes from turn 1 reach it; the sixth pass draws.
    const pass = (l: ReturnType<typeof started>, lastSeed: number) => {
      for (let i = 0; i < 5; i++) l.act({ id: 'next_turn', info: { country: i % 2 === 0 ? G : P } }, 1);
      return folded(l.act({ id: 'next_turn', info: { country: P } }, lastSeed).events).game;
    };
    const chestsBy = (seed: number) =>
      pass(started(), seed).tiles.flatMap((t, i) => (t.landmark === LANDMARK.chest ? [i] : []));
    const spots = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => chestsBy(seed).join()));
    expect(spots.size).toBeGreaterThan(1);
    const direct = (seed: number) => {
      let g = folded(started().events).game;
      for (let i = 0; i < 5; i++) g = applyLegal(g, { id: 'next_turn', info: { country: i % 2 === 0 ? G : P } }, 1);
      return applyLegal(g, { id: 'next_turn', info: { country: P } }, seed);
    };
    expect(pass(started(), 4)).toEqual(direct(4));
  });

  it('once started, seating events do not change the game (remove_country does, as its own action)', () => {
    const before = folded(started().events).game;
    const s = folded(started().join('c', R).country('c', Y).leave('b').events);
    expect(s.game).toEqual(before);
    const removed = folded(
      started()
        .leave('b')
        .act({ id: 'remove_country', info: { country: P } }, 9, 'server').events,
    );
    expect(removed.game).toEqual(applyLegal(before, { id: 'remove_country', info: { country: P } }, 9));
  });

  it('an illegal action is refused as bad_log at its seq', () => {
    const l = started().act({ id: 'next_turn', info: { country: P } }, 1); // seq 5: green's turn, not purple's
    const r = fold(l.events);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'bad_log', seq: 5 });
    const early = fold(
      log()
        .created()
        .join('a', G)
        .join('b', P)
        .act({ id: 'place_banner', info: { country: G, x: 0, y: 0 } }, 1).events,
    );
    expect(early.ok).toBe(false);
    if (!early.ok) expect(early.error.code).toBe('bad_log');
  });
});

describe('fold: refusing bad logs (RULES §7, §9)', () => {
  it('a seq gap is refused as bad_log', () => {
    const l = log().created().join('a', G).join('b', P);
    const gap = [l.events[0]!, l.events[1]!, { ...l.events[2]!, seq: 4 }];
    const r = fold(gap);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'bad_log', seq: 4 });
  });

  it('a repeated seq is refused as bad_log', () => {
    const l = log().created().join('a', G).join('b', P);
    const r = fold([l.events[0]!, l.events[1]!, { ...l.events[2]!, seq: 2 }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('bad_log');
  });

  it('a log that does not start with lobby-created (or does not start at seq 1) is refused as bad_log', () => {
    const l = log().created().join('a', G);
    const wrongFirst = fold([{ ...l.events[1]!, seq: 1 }]);
    expect(wrongFirst.ok).toBe(false);
    if (!wrongFirst.ok) expect(wrongFirst.error.code).toBe('bad_log');
    const late = fold([{ ...l.events[0]!, seq: 2 }]);
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.code).toBe('bad_log');
  });

  it('a second lobby-created is refused as bad_log', () => {
    const l = log().created().join('a', G);
    const r = fold([...l.events, { ...l.events[0]!, seq: 3 }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'bad_log', seq: 3 });
  });

  it('an empty log is refused', () => {
    expect(fold([]).ok).toBe(false);
  });

  it.each([
    ['a null event', null],
    ['an unknown kind', { seq: 3, kind: 'teleport', actor: 'a', payload: {}, seed: null, at: AT }],
    [
      'a fractional seq',
      { seq: 2.5, kind: 'chat', actor: 'a', payload: { playerId: 'a', msg: 'x' }, seed: null, at: AT },
    ],
    ['a null payload', { seq: 3, kind: 'chat', actor: 'a', payload: null, seed: null, at: AT }],
    [
      'a player-joined without a player',
      { seq: 3, kind: 'player-joined', actor: 'a', payload: {}, seed: null, at: AT },
    ],
    [
      'an unhandled action (pause)',
      { seq: 3, kind: 'game-action', actor: 'a', payload: { id: 'pause', info: {} }, seed: 1, at: AT },
    ],
    [
      'a malformed move',
      {
        seq: 3,
        kind: 'game-action',
        actor: 'a',
        payload: { id: 'move_unit', info: { country: 0, from: null } },
        seed: 1,
        at: AT,
      },
    ],
    [
      'a state-loaded without a game',
      { seq: 3, kind: 'state-loaded', actor: 'a', payload: { state: 'x' }, seed: null, at: AT },
    ],
  ])('%s is refused as bad_log, never thrown', (_name, bad) => {
    const l = log().created().join('a', G);
    const r = fold([...l.events, bad as unknown as LobbyEvent]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('bad_log');
  });

  it('any JSON value as an event is refused or folded, never thrown (property)', () => {
    const l = log().created().join('a', G).join('b', P);
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...LOBBY_EVENT_KINDS), (payload, kind) => {
        const event = { seq: 4, kind, actor: 'a', payload, seed: 1, at: AT } as unknown as LobbyEvent;
        expect(() => fold([...l.events, event])).not.toThrow();
        expect(() => fold([...l.events, payload as unknown as LobbyEvent])).not.toThrow();
      }),
    );
    // Payloads with the right keys and wrong values reach deeper.
    const keys = [
      'w',
      'h',
      'seed',
      'adminId',
      'online',
      'player',
      'playerId',
      'country',
      'msg',
      'state',
      'id',
      'info',
      'lobbyId',
      'rulesVersion',
    ];
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...keys), fc.jsonValue()),
        fc.constantFrom(...LOBBY_EVENT_KINDS),
        (payload, kind) => {
          const event = { seq: 4, kind, actor: 'a', payload, seed: 1, at: AT } as unknown as LobbyEvent;
          expect(() => fold([...l.events, event])).not.toThrow();
          expect(() => fold([{ ...event, seq: 1 }])).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([RULES_VERSION + 1, RULES_VERSION - 1, 0])(
    'a log of rules version %i is refused as rules_version with a message',
    (version) => {
      const r = fold(log().created(6, 5, 17, version).join('a', G).events);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('rules_version');
        expect(r.error.message).toContain(String(version));
      }
    },
  );
});

describe('foldTo, foldFrom and stateHash (ARCHITECTURE §2.3)', () => {
  const full = () =>
    log()
      .created(6, 5, 17)
      .join('a', G)
      .chat('a', 'hello')
      .join('b', P)
      .country('b', R)
      .update({ seed: 23 })
      .act({ id: 'start', info: {} }, 3)
      .act({ id: 'next_turn', info: { country: G } }, 4)
      .chat('b', 'gg');

  it('foldTo(seq) equals folding the prefix up to seq', () => {
    const events = full().events;
    for (let seq = 1; seq <= events.length; seq++) {
      const to = foldTo(events, seq);
      const prefix = fold(events.slice(0, seq));
      expect(to).toEqual(prefix);
      expect(to.ok && to.value.seq).toBe(seq);
    }
  });

  it('foldFrom(foldTo(k), rest) equals folding the whole log, and applyEvent one by one agrees', () => {
    const events = full().events;
    const whole = folded(events);
    for (let k = 1; k < events.length; k++) {
      const head = foldTo(events, k);
      expect(head.ok).toBe(true);
      if (!head.ok) return;
      expect(foldFrom(head.value, events.slice(k))).toEqual({ ok: true, value: whole });
    }
    let s = null;
    for (const e of events) {
      const r = applyEvent(s, e);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      s = r.value;
    }
    expect(s).toEqual(whole);
  });

  it('equal logs built separately fold to equal states with equal hashes', () => {
    const a = folded(full().events);
    const b = folded(full().events);
    expect(a).toEqual(b);
    expect(stateHash(a)).toBe(stateHash(b));
    expect(stateHash(a)).toMatch(/^[0-9a-f]+$/);
  });

  it('one more event changes the hash, whatever its kind', () => {
    const base = stateHash(folded(full().events));
    const more = [
      full().chat('a', 'one more'),
      full().act({ id: 'next_turn', info: { country: R } }, 5), // turn 2 is red's (b switched to red)
      full().update({ adminId: 'b' }),
      full().join('c', Y),
      full().update({ adminId: 'a' }), // changes nothing but the log's length: the hash must still move
    ];
    for (const l of more) expect(stateHash(folded(l.events))).not.toBe(base);
  });

  it('every prefix of a log has a different hash', () => {
    const events = full().events;
    const hashes = events.map((_, i) => stateHash(folded(events.slice(0, i + 1))));
    expect(new Set(hashes).size).toBe(events.length);
  });

  it('seatedGame is the lobby map: seated countries in seat order, generated when ≥ 2', () => {
    const players: Player[] = [
      { id: 'a', name: 'A', country: Y },
      { id: 'b', name: 'B', country: COUNTRY.none },
      { id: 'c', name: 'C', country: G },
    ];
    expect(seatedGame(players, 5, 4, 3)).toEqual(mapOf([Y, G], 5, 4, 3));
    expect(seatedGame(players.slice(0, 2), 5, 4, 3).tiles).toEqual([]);
  });

  it('a failed action in a log leaves the earlier state reachable with foldTo', () => {
    const l = full().act({ id: 'next_turn', info: { country: G } }, 1); // turn 2 is red's, not green's
    expect(fold(l.events).ok).toBe(false);
    const ok = foldTo(l.events, l.events.length - 1);
    expect(ok).toEqual(fold(full().events));
  });
});
