/**
 * Every action id and shape is answered with a code, never a throw (RULES §4.1: the actions and their
 * payloads): ids the rules name but the game does not handle are `not_actable`, anything malformed is
 * `invalid_payload`, and well-formed actions keep the rules' own answers. It is a table of every shape the
 * wire can carry, so it runs past 400 lines: splitting the table would hide which shapes are covered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_IDS, COUNTRY, HANDLED_ACTION_IDS, RULES_VERSION, type ActionId } from '../constants.js';
import { newGame } from '../game.js';
import type { LobbyEvent } from '../lobby/events.js';
import { fold } from '../lobby/fold.js';
import { board } from '../testing/board.js';
import { RULE_ERROR_CODES, type GameData, type Result, type RuleError } from '../types.js';
import * as addCountry from './add-country.js';
import * as generate from './generate.js';
import { actable, actionLabel, applyAction, applyLegal, offMapProblem, parseAction } from './index.js';
import * as moveUnit from './move-unit.js';
import * as nextTurn from './next-turn.js';
import * as placeBanner from './place-banner.js';
import * as removeCountry from './remove-country.js';
import * as start from './start.js';
import type { GameAction } from './types.js';

const G = COUNTRY.green;
const P = COUNTRY.purple;

/** A deep copy of plain JSON data (state is JSON-able: ARCHITECTURE §3.1). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Two countries seated on a generated 5×5 map, not started. */
function lobbyGame(): GameData {
  let g = newGame(5, 5, 1);
  for (const country of [G, P] as const) g = applyLegal(g, { id: 'add_country', info: { country } }, 0);
  return applyLegal(g, { id: 'generate', info: { w: 5, h: 5, seed: 1 } }, 0);
}

/** Green to move with a fresh unit at (0,0), one banner, and Nomad room at (1,2). */
function runningGame(): GameData {
  return board(`
    Gn-g Gn-- Pn-- Pn-p
    Gn-- Gn-- Pn-- Pn--
    Gn-- Gn-- Pn-- Pn--
  `);
}

/** A well-formed info for each handled id, legal in `runningGame` where the game allows it. */
const VALID: { readonly [Id in GameAction['id']]: Extract<GameAction, { id: Id }>['info'] } = {
  start: {},
  next_turn: { country: G },
  generate: { w: 5, h: 5, seed: 1 },
  add_country: { country: COUNTRY.red },
  remove_country: { country: P },
  place_banner: { country: G, x: 1, y: 2 },
  move_unit: { country: G, from: { x: 0, y: 0 }, to: { x: 1, y: 0 } },
};

/** The rules module's own check, bypassing the dispatcher: the "normal answer" of a well-formed action. */
function ruleAnswer(game: GameData, action: GameAction): Result<void, RuleError> {
  const offMap = offMapProblem(game, action);
  if (offMap) return { ok: false, error: offMap };
  switch (action.id) {
    case 'start':
      return start.actable(game, action.info);
    case 'next_turn':
      return nextTurn.actable(game, action.info);
    case 'generate':
      return generate.actable(game, action.info);
    case 'add_country':
      return addCountry.actable(game, action.info);
    case 'remove_country':
      return removeCountry.actable(game, action.info);
    case 'place_banner':
      return placeBanner.actable(game, action.info);
    case 'move_unit':
      return moveUnit.actable(game, action.info);
  }
}

/** Both entry points agree, answer with a code from the closed set, and leave `game` as it was. */
function answer(game: GameData, action: unknown, seed = 7): Result<void, RuleError> {
  const before = clone(game);
  const check = actable(game, action);
  const applied = applyAction(game, action, seed);
  expect(typeof check.ok).toBe('boolean');
  expect(applied.ok).toBe(check.ok);
  if (!check.ok) {
    expect(RULE_ERROR_CODES).toContain(check.error.code);
    expect(typeof check.error.message).toBe('string');
    expect(check.error.message.length).toBeGreaterThan(0);
    expect(applied).toEqual(check);
  }
  expect(game).toEqual(before);
  return check;
}

const codeOf = (r: Result<void, RuleError>) => (r.ok ? 'ok' : r.error.code);

describe('every RULES §4.1 action id is answered with a code', () => {
  const rows: [ActionId, string, string][] = [
    ['start', 'game_running', 'ok'],
    ['pause', 'not_actable', 'not_actable'],
    ['resume', 'not_actable', 'not_actable'],
    ['stop', 'not_actable', 'not_actable'],
    ['next_turn', 'ok', 'not_actable'],
    ['generate', 'game_running', 'ok'],
    ['add_country', 'game_running', 'ok'],
    ['remove_country', 'ok', 'ok'],
    ['place_banner', 'ok', 'not_actable'],
    ['move_unit', 'ok', 'not_actable'],
  ];

  it('the table covers every id of ACTION_IDS', () => {
    expect(rows.map(([id]) => id).sort()).toEqual([...ACTION_IDS].sort());
  });

  it.each(rows)('%s: %s in a running game, %s in a lobby', (id, running, lobby) => {
    const info = (VALID as Record<string, unknown>)[id] ?? {};
    expect(codeOf(answer(runningGame(), { id, info }))).toBe(running);
    expect(codeOf(answer(lobbyGame(), { id, info }))).toBe(lobby);
  });

  it.each(HANDLED_ACTION_IDS)('%s with a well-formed info keeps the rules’ own answer', (id) => {
    for (const game of [runningGame(), lobbyGame()]) {
      const action = { id, info: VALID[id] } as GameAction;
      expect(actable(game, action)).toEqual(ruleAnswer(game, action));
    }
  });

  it.each(['pause', 'resume', 'stop'] as const)(
    '%s is not_actable, whatever its info: the game does not handle it',
    (id) => {
      for (const action of [
        { id, info: {} },
        { id },
        { id, info: null },
        { id, info: { country: 9 } },
        { id, info: {}, extra: 1 },
      ]) {
        const r = answer(runningGame(), action);
        expect(r).toEqual({
          ok: false,
          error: { code: 'not_actable', message: `This game does not handle the ${id} action.` },
        });
      }
    },
  );

  it.each([
    '',
    'Start',
    'START',
    'next-turn',
    'nextTurn',
    ' start',
    'pass',
    'attack',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
  ])('an unknown id (%j) is invalid_payload', (id) => {
    expect(codeOf(answer(runningGame(), { id, info: {} }))).toBe('invalid_payload');
    expect(codeOf(answer(lobbyGame(), { id, info: {} }))).toBe('invalid_payload');
  });

  it('a huge unknown id gets a short message', () => {
    const r = answer(runningGame(), { id: 'x'.repeat(100_000), info: {} });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message.length).toBeLessThan(100);
  });
});

describe('whatever is not an action is invalid_payload and changes nothing', () => {
  const notActions: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['a number', 0],
    ['NaN', NaN],
    ['a string', 'start'],
    ['a boolean', true],
    ['a bigint', 10n],
    ['a symbol', Symbol('start')],
    ['a function', () => ({ id: 'start', info: {} })],
    ['an empty array', []],
    ['an array holding an action', [{ id: 'start', info: {} }]],
    ['an array shaped like [id, info]', ['start', {}]],
    ['an empty object', {}],
    ['an object without an id', { info: {} }],
    ['a numeric id', { id: 1, info: {} }],
    ['a null id', { id: null, info: {} }],
    ['an id in an array', { id: ['start'], info: {} }],
    ['an id in an object', { id: { id: 'start' }, info: {} }],
    ['a boxed string id', { id: Object('start') as unknown, info: {} }],
    ['a symbol id', { id: Symbol('start'), info: {} }],
  ];
  it.each(notActions)('%s', (_name, value) => {
    expect(codeOf(answer(runningGame(), value))).toBe('invalid_payload');
  });
});

describe('a malformed info is invalid_payload and changes nothing (RULES §4.1 shapes)', () => {
  type Row = [string, unknown];
  const rows: Row[] = [];
  const ownProto = (info: object) => Object.defineProperty({ ...info }, '__proto__', { value: {}, enumerable: true });

  for (const id of HANDLED_ACTION_IDS) {
    const valid = VALID[id] as Record<string, unknown>;
    rows.push(
      [`${id}: no info`, { id }],
      [`${id}: info null`, { id, info: null }],
      [`${id}: info a number`, { id, info: 7 }],
      [`${id}: info a string`, { id, info: JSON.stringify(valid) }],
      [`${id}: info an empty array`, { id, info: [] }],
      [`${id}: info an array holding the info`, { id, info: [valid] }],
      [`${id}: the info nested in another info`, { id, info: { info: valid } }],
      [`${id}: an extra field beside id and info`, { id, info: valid, seed: 3 }],
      [`${id}: an unknown field in the info`, { id, info: { ...valid, junk: 1 } }],
      [`${id}: an own "__proto__" field in the info`, { id, info: ownProto(valid) }],
    );
  }

  const badCountries: [string, unknown][] = [
    ['missing', undefined],
    ['null', null],
    ['a string', '0'],
    ['fractional', 0.5],
    ['none (-1)', -1],
    ['out of range (4)', 4],
    ['out of range (9)', 9],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['in an array', [0]],
    ['a boolean', false],
    ['an object', { id: 0 }],
  ];
  for (const id of ['next_turn', 'add_country', 'remove_country', 'place_banner', 'move_unit'] as const) {
    for (const [name, country] of badCountries) {
      const info: Record<string, unknown> = { ...VALID[id], country };
      if (country === undefined) delete info.country;
      rows.push([`${id}: country ${name}`, { id, info }]);
    }
  }

  const badCoordinates: [string, unknown][] = [
    ['missing', undefined],
    ['fractional', 1.5],
    ['negative', -1],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['a string', '2'],
    ['null', null],
    ['in an array', [1]],
    ['an object', { x: 1 }],
    ['a boolean', true],
  ];
  const withField = (base: object, key: string, value: unknown) => {
    const copy: Record<string, unknown> = { ...base, [key]: value };
    if (value === undefined) delete copy[key];
    return copy;
  };
  for (const [name, value] of badCoordinates) {
    for (const key of ['x', 'y']) {
      rows.push([
        `place_banner: ${key} ${name}`,
        { id: 'place_banner', info: withField(VALID.place_banner, key, value) },
      ]);
      for (const end of ['from', 'to'] as const) {
        const pos = withField(VALID.move_unit[end], key, value);
        rows.push([`move_unit: ${end}.${key} ${name}`, { id: 'move_unit', info: { ...VALID.move_unit, [end]: pos } }]);
      }
    }
  }

  const badPositions: [string, unknown][] = [
    ['missing', undefined],
    ['null', null],
    ['a number', 5],
    ['a string', '0,0'],
    ['an array [x, y]', [0, 0]],
    ['without y', { x: 0 }],
    ['with an extra field', { x: 0, y: 0, z: 0 }],
    ['nested one level deeper', { pos: { x: 0, y: 0 } }],
  ];
  for (const end of ['from', 'to'] as const) {
    for (const [name, value] of badPositions) {
      rows.push([`move_unit: ${end} ${name}`, { id: 'move_unit', info: withField(VALID.move_unit, end, value) }]);
    }
  }

  for (const [name, bonus] of [
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['a string', '2'],
    ['null', null],
    ['in an array', [2]],
    ['an object', {}],
    ['a boolean', true],
  ] as [string, unknown][]) {
    rows.push([`move_unit: bonus ${name}`, { id: 'move_unit', info: { ...VALID.move_unit, bonus } }]);
  }

  for (const key of ['w', 'h', 'seed']) {
    for (const [name, value] of [
      ['missing', undefined],
      ['a string', '5'],
      ['null', null],
      ['in an array', [5]],
      ['an object', {}],
      ['a boolean', true],
    ] as [string, unknown][]) {
      rows.push([`generate: ${key} ${name}`, { id: 'generate', info: withField(VALID.generate, key, value) }]);
    }
  }

  it.each(rows)('%s', (_name, action) => {
    for (const game of [runningGame(), lobbyGame()]) {
      const r = answer(game, action);
      expect(codeOf(r)).toBe('invalid_payload');
    }
  });

  it('the message names what is wrong', () => {
    const r = actable(runningGame(), { id: 'place_banner', info: { country: 9, x: 1.5, y: '2' } });
    expect(r).toEqual({
      ok: false,
      error: { code: 'invalid_payload', message: 'place_banner needs a country id from 0 to 3.' },
    });
    const m = actable(runningGame(), { id: 'move_unit', info: { country: 0, from: null } });
    expect(m).toEqual({
      ok: false,
      error: { code: 'invalid_payload', message: 'move_unit needs from as a tile position {x, y}.' },
    });
  });
});

describe('well-formed actions pass the shape check unchanged', () => {
  it('parseAction returns the very action it was given', () => {
    for (const id of HANDLED_ACTION_IDS) {
      const action = { id, info: VALID[id] };
      const parsed = parseAction(action);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.value).toBe(action);
    }
  });

  it.each([
    ['a bot’s bonus', { ...VALID.move_unit, bonus: 4 }],
    ['a zero bonus', { ...VALID.move_unit, bonus: 0 }],
    ['a bonus key holding undefined', { ...VALID.move_unit, bonus: undefined }],
  ])('move_unit with %s is legal', (_name, info) => {
    expect(answer(runningGame(), { id: 'move_unit', info }).ok).toBe(true);
  });

  it('an info without a prototype is still an info', () => {
    const info = Object.assign(Object.create(null) as object, VALID.place_banner);
    expect(answer(runningGame(), { id: 'place_banner', info }).ok).toBe(true);
  });

  it('fields inherited from a prototype do not count as unknown fields', () => {
    const info = Object.assign(Object.create({ inherited: 1 }) as object, VALID.next_turn);
    expect(answer(runningGame(), { id: 'next_turn', info }).ok).toBe(true);
  });

  it('a tile past the map’s edge is invalid_payload (offMapProblem); a bad map size stays the rules’ decision (not_actable)', () => {
    expect(codeOf(answer(runningGame(), { id: 'place_banner', info: { country: G, x: 4, y: 0 } }))).toBe(
      'invalid_payload',
    );
    expect(codeOf(answer(lobbyGame(), { id: 'generate', info: { w: 0, h: 5, seed: 1 } }))).toBe('not_actable');
    expect(codeOf(answer(lobbyGame(), { id: 'generate', info: { w: 5, h: 5, seed: -1 } }))).toBe('not_actable');
    expect(codeOf(answer(lobbyGame(), { id: 'generate', info: { w: NaN, h: 5, seed: 1 } }))).toBe('not_actable');
  });
});

describe('actable and applyAction never throw (property)', () => {
  const games = fc.constantFrom(runningGame(), lobbyGame());
  const anything = fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
  });
  const seeds = fc.oneof(fc.nat({ max: 2 ** 32 - 1 }), fc.integer());

  /** Mostly a plausible value, sometimes anything at all. */
  const mostly = <T>(plausible: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 1, arbitrary: anything });
  const country = mostly(fc.constantFrom(0, 1, 2, 3));
  const coordinate = mostly(fc.integer({ min: -1, max: 5 }));
  const position = mostly(fc.record({ x: coordinate, y: coordinate }));
  const side = mostly(fc.integer({ min: 0, max: 8 }));
  const infos: { readonly [Id in ActionId]: fc.Arbitrary<Record<string, unknown>> } = {
    start: fc.constant({}),
    pause: fc.constant({}),
    resume: fc.constant({}),
    stop: fc.constant({}),
    next_turn: fc.record({ country }),
    add_country: fc.record({ country }),
    remove_country: fc.record({ country }),
    generate: fc.record({ w: side, h: side, seed: mostly(fc.nat()) }),
    place_banner: fc.record({ country, x: coordinate, y: coordinate }),
    move_unit: fc.record(
      { country, from: position, to: position, bonus: mostly(fc.integer({ min: 0, max: 6 })) },
      { requiredKeys: ['country', 'from', 'to'] },
    ),
  };
  const field = fc.constantFrom('country', 'x', 'y', 'from', 'to', 'bonus', 'w', 'h', 'seed', 'junk', '__proto__');
  const rarely = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
  /** An info of the id's shape, now and then with a field added or dropped. */
  const shaken = (info: fc.Arbitrary<Record<string, unknown>>) =>
    fc.tuple(info, rarely(fc.tuple(field, anything)), rarely(field)).map(([base, added, dropped]) => {
      const copy: Record<string, unknown> = { ...base };
      if (added)
        Object.defineProperty(copy, added[0], {
          value: added[1],
          enumerable: true,
          configurable: true,
          writable: true,
        });
      if (dropped) delete copy[dropped];
      return copy;
    });
  const nearlyActions = fc.oneof(
    ...ACTION_IDS.map((id) => fc.record({ id: fc.constant(id), info: shaken(infos[id]) })),
    fc.record({ id: fc.constantFrom(...ACTION_IDS), info: anything }, { requiredKeys: ['id'] }),
    fc.record(
      { id: fc.oneof(fc.constantFrom(...ACTION_IDS), fc.string()), info: anything, junk: anything },
      { requiredKeys: ['id'] },
    ),
  );

  const answersWithACode = (game: GameData, action: unknown, seed: number) => {
    answer(game, action, seed);
  };

  it('for any value at all', () => {
    fc.assert(fc.property(games, anything, seeds, answersWithACode), { numRuns: 500 });
  });

  it('for any JSON value', () => {
    fc.assert(fc.property(games, fc.jsonValue(), seeds, answersWithACode), { numRuns: 500 });
  });

  it('for objects with a RULES §4.1 id and a random, nearly right info; well-formed ones get the rules’ own answer', () => {
    const seen = { malformed: 0, unhandled: 0, refusedByRules: 0, legal: 0 };
    fc.assert(
      fc.property(games, nearlyActions, seeds, (game, action, seed) => {
        const r = answer(game, action, seed);
        const parsed = parseAction(action);
        if (parsed.ok) {
          expect(r).toEqual(ruleAnswer(game, parsed.value));
          seen[r.ok ? 'legal' : 'refusedByRules']++;
        } else {
          expect(r).toEqual(parsed);
          seen[parsed.error.code === 'invalid_payload' ? 'malformed' : 'unhandled']++;
        }
      }),
      { numRuns: 3000 },
    );
    // Every branch was exercised: garbage, ids the game names but does not handle, and well-formed actions both ways.
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(100);
  });
});

describe('a log holding a malformed game action folds to bad_log (RULES §7)', () => {
  const AT = '2026-01-01T00:00:00.000Z';
  /** A lobby with green and purple seated (so a map), then one game-action event with `payload`. */
  const logWith = (payload: unknown): LobbyEvent[] =>
    [
      {
        kind: 'lobby-created',
        payload: { lobbyId: 'L1', adminId: 'a', w: 5, h: 5, seed: 1, rulesVersion: RULES_VERSION },
        seed: null,
      },
      { kind: 'player-joined', payload: { player: { id: 'a', name: 'A', country: G } }, seed: null },
      { kind: 'player-joined', payload: { player: { id: 'b', name: 'B', country: P } }, seed: null },
      { kind: 'game-action', payload, seed: 5 },
    ].map((e, i) => ({ ...e, seq: i + 1, actor: 'a', at: AT }) as LobbyEvent);

  it.each([
    ['pause', { id: 'pause', info: {} }],
    ['a move without from', { id: 'move_unit', info: { country: 0, from: null } }],
    ['a banner with a bad country and coordinates', { id: 'place_banner', info: { country: 9, x: 1.5, y: '2' } }],
    ['the id __proto__', { id: '__proto__' }],
    ['an empty object', {}],
    ['an array', []],
    ['a number', 5],
  ])('%s', (_name, payload) => {
    const r = fold(logWith(payload));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'bad_log', seq: 4 });
  });

  it('the same log with a legal action folds', () => {
    expect(fold(logWith({ id: 'start', info: {} })).ok).toBe(true);
  });
});

describe('actionLabel', () => {
  it.each([
    [{ id: 'move_unit', info: {} }, 'move_unit'],
    [{ id: '__proto__' }, '__proto__'],
    [{ id: 'x'.repeat(50) }, `${'x'.repeat(40)}…`],
    [null, 'an action without an id'],
    [undefined, 'an action without an id'],
    [{ id: Symbol('s') }, 'an action without an id'],
    [{ id: Object.create(null) as object }, 'an action without an id'],
    [5, 'an action without an id'],
  ])('names %o as %j without throwing', (raw, label) => {
    expect(actionLabel(raw)).toBe(label);
  });
});
