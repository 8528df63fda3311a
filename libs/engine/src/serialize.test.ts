/** The serialized game (RULES §8; re-adding on import: RULES §7). */
import { describe, expect, it } from 'vitest';
import { applyLegal } from './actions/index.js';
import { COUNTRY, LANDMARK, TILE_TYPE } from './constants.js';
import { newGame } from './game.js';
import { deserializeGame, parseGame, reAddMissingCountries, serializeGame, type SerializedGame } from './serialize.js';
import type { GameData } from './types.js';

/** A deep copy of plain JSON data (state is JSON-able: ARCHITECTURE §3.1). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const G = COUNTRY.green;
const P = COUNTRY.purple;
const R = COUNTRY.red;
const Y = COUNTRY.yellow;

/** A 3×2 running game of [green, purple] at green's turn 3 with a unit, a banner, a chest and terrain. */
function sample(): GameData {
  return {
    countries: [
      { id: G, banners: 2 },
      { id: P, banners: 0 },
    ],
    tiles: [
      {
        pos: { x: 0, y: 0 },
        owner: G,
        type: TILE_TYPE.settled,
        landmark: LANDMARK.banner,
        unit: { id: G, attacked: false, moved: true },
      },
      { pos: { x: 1, y: 0 }, owner: G, type: TILE_TYPE.settled, landmark: LANDMARK.forest },
      { pos: { x: 2, y: 0 }, owner: P, type: TILE_TYPE.nomad, landmark: LANDMARK.mountains },
      { pos: { x: 0, y: 1 }, owner: G, type: TILE_TYPE.nomad, landmark: LANDMARK.none },
      {
        pos: { x: 1, y: 1 },
        owner: P,
        type: TILE_TYPE.nomad,
        landmark: LANDMARK.chest,
        unit: { id: P, attacked: true, moved: false },
      },
      { pos: { x: 2, y: 1 }, owner: P, type: TILE_TYPE.nomad, landmark: LANDMARK.none },
    ],
    running: true,
    turn: { count: 3, type: G },
    width: 3,
    height: 2,
    seed: 4000000000,
    rng: 123456789,
  };
}

describe('serializeGame: exactly the RULES §8 shape', () => {
  it('writes w, h, mapSeed, rngSeed, turnCount, turnType, running, countries and tiles — nothing else', () => {
    const s = serializeGame(sample());
    expect(Object.keys(s).sort()).toEqual(
      ['countries', 'h', 'mapSeed', 'rngSeed', 'running', 'tiles', 'turnCount', 'turnType', 'w'].sort(),
    );
    expect(s).toEqual({
      w: 3,
      h: 2,
      mapSeed: 4000000000,
      rngSeed: 123456789,
      turnCount: 3,
      turnType: G,
      running: true,
      countries: [
        { id: 0, banners: 2 },
        { id: 1, banners: 0 },
      ],
      tiles: [
        { pos: { x: 0, y: 0 }, owner: 0, type: 1, landmark: 0, unit: { id: 0, attacked: false, moved: true } },
        { pos: { x: 1, y: 0 }, owner: 0, type: 1, landmark: 2 },
        { pos: { x: 2, y: 0 }, owner: 1, type: 0, landmark: 1 },
        { pos: { x: 0, y: 1 }, owner: 0, type: 0, landmark: -1 },
        { pos: { x: 1, y: 1 }, owner: 1, type: 0, landmark: 3, unit: { id: 1, attacked: true, moved: false } },
        { pos: { x: 2, y: 1 }, owner: 1, type: 0, landmark: -1 },
      ],
    });
  });

  it('a tile without a unit has no unit key at all; unit and country objects have exactly their fields', () => {
    const s = serializeGame(sample());
    expect(Object.keys(s.tiles[1]!).sort()).toEqual(['landmark', 'owner', 'pos', 'type']);
    expect(Object.keys(s.tiles[0]!).sort()).toEqual(['landmark', 'owner', 'pos', 'type', 'unit']);
    expect(Object.keys(s.tiles[0]!.unit!).sort()).toEqual(['attacked', 'id', 'moved']);
    expect(Object.keys(s.countries[0]!).sort()).toEqual(['banners', 'id']);
  });

  it('rngSeed is the generator state as an unsigned 32-bit integer (RULES §5.1)', () => {
    const g = applyLegal(
      { ...sample(), running: false, turn: { count: 0, type: -1 } },
      { id: 'start', info: {} },
      2 ** 32 - 1,
    );
    const { rngSeed } = serializeGame(g);
    expect(Number.isInteger(rngSeed)).toBe(true);
    expect(rngSeed).toBeGreaterThanOrEqual(0);
    expect(rngSeed).toBeLessThan(2 ** 32);
  });

  it('round-trips through JSON and parseGame unchanged (a new game, a generated map, a running game)', () => {
    let lobby = newGame(7, 5, 31);
    lobby = applyLegal(lobby, { id: 'add_country', info: { country: R } }, 0);
    lobby = applyLegal(lobby, { id: 'add_country', info: { country: Y } }, 0);
    const map = applyLegal(lobby, { id: 'generate', info: { w: 7, h: 5, seed: 31 } }, 0);
    const running = applyLegal(map, { id: 'start', info: {} }, 8);
    for (const g of [newGame(), lobby, map, running, sample()]) {
      const parsed = parseGame(JSON.parse(JSON.stringify(serializeGame(g))));
      expect(parsed).toEqual({ ok: true, value: g });
    }
  });
});

describe('parseGame refuses impossible states with a message (RULES §8)', () => {
  type Edit = (s: SerializedGame) => unknown;
  const tileAt = (s: SerializedGame, i: number) => s.tiles[i] as unknown as Record<string, unknown>;
  const rows: [string, Edit][] = [
    ['not an object', () => 'hello'],
    ['null', () => null],
    ['an array', () => []],
    ['w = 0', (s) => ({ ...s, w: 0 })],
    ['h = -1', (s) => ({ ...s, h: -1 })],
    ['w not whole', (s) => ({ ...s, w: 2.5 })],
    ['w a string', (s) => ({ ...s, w: '3' })],
    ['h missing', (s) => ({ ...s, h: undefined })],
    ['mapSeed negative', (s) => ({ ...s, mapSeed: -1 })],
    ['mapSeed ≥ 2^32', (s) => ({ ...s, mapSeed: 2 ** 32 })],
    ['rngSeed not a number', (s) => ({ ...s, rngSeed: 'x' })],
    ['turnCount negative', (s) => ({ ...s, turnCount: -1 })],
    ['turnType unknown (6)', (s) => ({ ...s, turnType: 6 })],
    ['turnType unknown (-2)', (s) => ({ ...s, turnType: -2 })],
    ['running not a boolean', (s) => ({ ...s, running: 1 })],
    ['countries not a list', (s) => ({ ...s, countries: {} })],
    ['a country id unknown (4)', (s) => ({ ...s, countries: [...s.countries, { id: 4, banners: 1 }] })],
    ['a country id of none (-1)', (s) => ({ ...s, countries: [...s.countries, { id: -1, banners: 1 }] })],
    ['a country listed twice', (s) => ({ ...s, countries: [...s.countries, { id: 0, banners: 1 }] })],
    [
      'negative banners',
      (s) => ({
        ...s,
        countries: [
          { id: 0, banners: -1 },
          { id: 1, banners: 0 },
        ],
      }),
    ],
    [
      'a tile owner unknown (4)',
      (s) => {
        tileAt(s, 2).owner = 4;
        return s;
      },
    ],
    [
      'a tile owner unknown (-2)',
      (s) => {
        tileAt(s, 2).owner = -2;
        return s;
      },
    ],
    [
      'a tile type unknown (2)',
      (s) => {
        tileAt(s, 2).type = 2;
        return s;
      },
    ],
    [
      'a landmark unknown (4)',
      (s) => {
        tileAt(s, 2).landmark = 4;
        return s;
      },
    ],
    [
      'a landmark unknown (-2)',
      (s) => {
        tileAt(s, 2).landmark = -2;
        return s;
      },
    ],
    ['a tile count of 5 on a 3×2 map', (s) => ({ ...s, tiles: s.tiles.slice(0, 5) })],
    ['a tile count of 7 on a 3×2 map', (s) => ({ ...s, tiles: [...s.tiles, s.tiles[5]] })],
    [
      'two tiles at one position',
      (s) => ({ ...s, tiles: s.tiles.map((t, i) => (i === 4 ? { ...t, pos: { x: 0, y: 1 } } : t)) }),
    ],
    ['tiles not row-major (two swapped)', (s) => ({ ...s, tiles: [s.tiles[1], s.tiles[0], ...s.tiles.slice(2)] })],
    ['tiles column-major', (s) => ({ ...s, tiles: [0, 3, 1, 4, 2, 5].map((i) => s.tiles[i]) })],
    [
      'a tile off the map',
      (s) => {
        tileAt(s, 5).pos = { x: 3, y: 1 };
        return s;
      },
    ],
    ['a tile not an object', (s) => ({ ...s, tiles: [...s.tiles.slice(0, 5), 7] })],
    [
      'a unit of country none (-1)',
      (s) => {
        tileAt(s, 3).unit = { id: -1, attacked: false, moved: false };
        return s;
      },
    ],
    [
      'a unit of an unknown country (4)',
      (s) => {
        tileAt(s, 3).unit = { id: 4, attacked: false, moved: false };
        return s;
      },
    ],
    [
      'a unit with a non-boolean flag',
      (s) => {
        tileAt(s, 3).unit = { id: 0, attacked: 'no', moved: false };
        return s;
      },
    ],
    [
      'a unit missing moved',
      (s) => {
        tileAt(s, 3).unit = { id: 0, attacked: false };
        return s;
      },
    ],
    [
      'a unit that is a list (two units on one tile)',
      (s) => {
        tileAt(s, 3).unit = [
          { id: 0, attacked: false, moved: false },
          { id: 1, attacked: false, moved: false },
        ];
        return s;
      },
    ],
  ];

  it.each(rows)('refuses %s', (_name, edit) => {
    const input = edit(clone(serializeGame(sample())));
    const r = parseGame(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(typeof r.error.message).toBe('string');
      expect(r.error.message.length).toBeGreaterThan(5);
    }
    const d = deserializeGame(input);
    expect(d.ok).toBe(false);
  });

  it('accepts a tile count of 0 (no map generated yet) on a not-running game', () => {
    const s = { ...serializeGame(sample()), tiles: [], running: false };
    expect(parseGame(s).ok).toBe(true);
  });

  it('the message says where the problem is', () => {
    const s = clone(serializeGame(sample()));
    (s.tiles[4] as unknown as Record<string, unknown>).landmark = 9;
    const r = parseGame(s);
    expect(!r.ok && r.error.message).toContain('tiles[4]');
  });
});

describe('deserialize re-adds alive countries missing from the list (RULES §7)', () => {
  /** The sample with red holding a banner tile and yellow a unit, neither of them listed. */
  function withMissing(): SerializedGame {
    const s = clone(serializeGame(sample()));
    s.tiles[5] = { pos: { x: 2, y: 1 }, owner: R, type: TILE_TYPE.settled, landmark: LANDMARK.banner };
    s.tiles[3] = {
      pos: { x: 0, y: 1 },
      owner: G,
      type: TILE_TYPE.nomad,
      landmark: LANDMARK.none,
      unit: { id: Y, attacked: false, moved: false },
    };
    return s;
  }

  it('deserializeGame appends them in id order with 1 banner each', () => {
    const r = deserializeGame(withMissing());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.countries).toEqual([
      { id: G, banners: 2 },
      { id: P, banners: 0 },
      { id: R, banners: 1 },
      { id: Y, banners: 1 },
    ]);
  });

  it('a GREEN unit (id 0) alone makes green alive enough to be re-added, in front of later ids', () => {
    const s = clone(serializeGame(sample()));
    s.countries = [{ id: P, banners: 0 }];
    s.turnType = P;
    s.tiles = s.tiles.map((t) => ({ ...t, owner: P }));
    s.tiles[0] = {
      pos: { x: 0, y: 0 },
      owner: P,
      type: TILE_TYPE.nomad,
      landmark: LANDMARK.none,
      unit: { id: G, attacked: false, moved: false },
    };
    const r = deserializeGame(s);
    expect(r.ok && r.value.countries).toEqual([
      { id: P, banners: 0 },
      { id: G, banners: 1 },
    ]);
  });

  it('parseGame (what folding a log uses) does not re-add anything', () => {
    const r = parseGame(withMissing());
    expect(r.ok && r.value.countries.map((c) => c.id)).toEqual([G, P]);
  });

  it('a country that is not alive (owns only Settled plain tiles, no unit) is not re-added', () => {
    const s = clone(serializeGame(sample()));
    s.tiles[5] = { pos: { x: 2, y: 1 }, owner: R, type: TILE_TYPE.settled, landmark: LANDMARK.none };
    const r = deserializeGame(s);
    expect(r.ok && r.value.countries.map((c) => c.id)).toEqual([G, P]);
  });

  it('countries already listed keep their place and banners; a complete list is untouched', () => {
    const g = sample();
    expect(reAddMissingCountries(g)).toEqual(g);
    expect(deserializeGame(serializeGame(g))).toEqual({ ok: true, value: g });
  });

  // A country missing from the list holds no banners (RULES §3.5), and a dead country's tiles stay (RULES §3.5).
  it('a country removed as dead (only Nomad tiles left, no banner tile, no unit) is not re-added: a won game stays won', () => {
    const s = clone(serializeGame(sample()));
    s.countries = [{ id: G, banners: 3 }]; // purple died and was removed; green won
    s.tiles = s.tiles.map((t) =>
      t.unit?.id === P ? { pos: t.pos, owner: t.owner, type: t.type, landmark: t.landmark } : t,
    );
    // purple still owns (2,0), (1,1), (2,1): all Nomad, none a banner, and purple has no unit
    const r = deserializeGame(s);
    expect(r.ok && r.value.countries).toEqual([{ id: G, banners: 3 }]);
  });
});
