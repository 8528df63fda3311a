/** place_banner (RULES §4.2; neighbours: RULES §1.2). */
import { describe, expect, it } from 'vitest';
import { COUNTRY, LANDMARK, TILE_TYPE, type Landmark, type PlayableCountry } from '../constants.js';
import { turnTypeOf } from '../turns.js';
import type { GameData, Tile } from '../types.js';
import { applyAction } from './index.js';

/** A deep copy of plain JSON data (state is JSON-able: ARCHITECTURE §3.1). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const G = COUNTRY.green;
const P = COUNTRY.purple;

/**
 * A running 6×5 game of [green, purple] at turn 1 (green's): green owns x ≤ 2, purple x ≥ 3,
 * all Nomad, no landmarks, no units; green holds 1 banner, purple 1.
 */
function base(): GameData {
  const w = 6;
  const h = 5;
  const tiles: Tile[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++)
      tiles.push({ pos: { x, y }, owner: x <= 2 ? G : P, type: TILE_TYPE.nomad, landmark: LANDMARK.none });
  }
  const countries = [
    { id: G, banners: 1 },
    { id: P, banners: 1 },
  ];
  return {
    countries,
    tiles,
    running: true,
    turn: { count: 1, type: turnTypeOf(1, countries) },
    width: w,
    height: h,
    seed: 0,
    rng: 0,
  };
}
const setTile = (g: GameData, x: number, y: number, patch: Partial<Tile>): GameData => {
  const tiles = g.tiles.slice();
  tiles[x + y * g.width] = { ...tiles[x + y * g.width]!, ...patch };
  return { ...g, tiles };
};
const withLandmark = (l: Landmark) => (g: GameData) => setTile(g, 1, 2, { landmark: l });
const place = (g: GameData, country: PlayableCountry, x: number, y: number) =>
  applyAction(g, { id: 'place_banner', info: { country, x, y } }, 0);

describe('place_banner: each precondition refuses on its own (RULES §4.2)', () => {
  // Every row starts from the legal placement of green at (1,2) and breaks exactly one requirement.
  const rows: [string, (g: GameData) => GameData, PlayableCountry, number, number, string][] = [
    ['the game is not running', (g) => ({ ...g, running: false }), G, 1, 2, 'not_actable'],
    ['it is not that country’s turn', (g) => g, P, 4, 2, 'not_your_turn'],
    [
      'the country has no banners',
      (g) => ({
        ...g,
        countries: [
          { id: G, banners: 0 },
          { id: P, banners: 1 },
        ],
      }),
      G,
      1,
      2,
      'not_actable',
    ],
    ['the tile is off the map (x = w)', (g) => g, G, 6, 2, 'invalid_payload'],
    ['y is negative (-1), not a tile position', (g) => g, G, 1, -1, 'invalid_payload'],
    ['the tile is off the map (y = h)', (g) => g, G, 0, 5, 'invalid_payload'],
    ['the tile is another country’s', (g) => g, G, 3, 2, 'not_actable'],
    ['the tile is Settled', (g) => setTile(g, 1, 2, { type: TILE_TYPE.settled }), G, 1, 2, 'not_actable'],
    ['the tile has mountains', withLandmark(LANDMARK.mountains), G, 1, 2, 'not_actable'],
    ['the tile has forest', withLandmark(LANDMARK.forest), G, 1, 2, 'not_actable'],
    ['the tile has a chest', withLandmark(LANDMARK.chest), G, 1, 2, 'not_actable'],
    ['the tile already has a banner (captured, Nomad)', withLandmark(LANDMARK.banner), G, 1, 2, 'not_actable'],
    [
      'an own unit stands on the tile',
      (g) => setTile(g, 1, 2, { unit: { id: G, attacked: false, moved: false } }),
      G,
      1,
      2,
      'not_actable',
    ],
    [
      'an enemy unit stands on the tile',
      (g) => setTile(g, 1, 2, { unit: { id: P, attacked: false, moved: false } }),
      G,
      1,
      2,
      'not_actable',
    ],
    [
      'an own banner is orthogonally adjacent',
      (g) => setTile(g, 1, 1, { landmark: LANDMARK.banner, type: TILE_TYPE.settled }),
      G,
      1,
      2,
      'not_actable',
    ],
    [
      'an own banner is diagonally adjacent',
      (g) => setTile(g, 2, 3, { landmark: LANDMARK.banner, type: TILE_TYPE.settled }),
      G,
      1,
      2,
      'not_actable',
    ],
    [
      'an own captured (Nomad) banner is adjacent',
      (g) => setTile(g, 0, 1, { landmark: LANDMARK.banner }),
      G,
      1,
      2,
      'not_actable',
    ],
  ];

  it.each(rows)('refused when %s', (_name, setup, country, x, y, code) => {
    const g = setup(base());
    const before = clone(g);
    const r = place(g, country, x, y);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.message.length).toBeGreaterThan(0);
    }
    expect(g).toEqual(before);
  });

  it('the unbroken base case is legal', () => {
    expect(place(base(), G, 1, 2).ok).toBe(true);
  });

  it.each([
    [
      'an enemy banner is adjacent',
      (g: GameData) => setTile(g, 3, 2, { landmark: LANDMARK.banner, type: TILE_TYPE.settled }),
    ],
    [
      'an own banner is two tiles away',
      (g: GameData) => setTile(g, 1, 0, { landmark: LANDMARK.banner, type: TILE_TYPE.settled }),
    ],
    [
      'an own banner is two tiles away diagonally',
      (g: GameData) => setTile(g, 3, 4, { owner: G, landmark: LANDMARK.banner }),
    ],
    [
      'adjacent tiles hold landmarks and units',
      (g: GameData) =>
        setTile(setTile(g, 0, 2, { landmark: LANDMARK.forest }), 2, 2, {
          unit: { id: P, attacked: false, moved: false },
        }),
    ],
  ])('still legal when %s', (_name, setup) => {
    expect(place(setup(base()), G, 1, 2).ok).toBe(true);
  });

  it('purple may place on its turn', () => {
    const g = { ...base(), turn: { count: 2, type: P } };
    expect(place(g, P, 4, 2).ok).toBe(true);
    expect(place(g, G, 1, 2).ok).toBe(false);
  });
});

describe('place_banner: the effect (RULES §4.2)', () => {
  // Green places at (2,2), on its border with purple (x = 3).
  const before = setTile(
    setTile(
      {
        ...base(),
        countries: [
          { id: G, banners: 3 },
          { id: P, banners: 2 },
        ],
      },
      4,
      4,
      { landmark: LANDMARK.banner, type: TILE_TYPE.settled },
    ),
    1,
    1,
    { landmark: LANDMARK.forest },
  );
  const r = place(before, G, 2, 2);
  const after = r.ok ? r.value : before;
  const at = (x: number, y: number) => after.tiles[x + y * after.width]!;

  it('the tile becomes a Settled banner with a new green unit whose moved and attacked are set', () => {
    expect(r.ok).toBe(true);
    expect(at(2, 2)).toEqual({
      pos: { x: 2, y: 2 },
      owner: G,
      type: TILE_TYPE.settled,
      landmark: LANDMARK.banner,
      unit: { id: G, moved: true, attacked: true },
    });
  });

  it('the country’s banners go down by 1 and no other country’s change', () => {
    expect(after.countries).toEqual([
      { id: G, banners: 2 },
      { id: P, banners: 2 },
    ]);
  });

  it('own tiles among the 8 neighbours become Settled (landmarks kept); enemy neighbours are untouched', () => {
    for (const [x, y] of [
      [1, 1],
      [2, 1],
      [1, 2],
      [1, 3],
      [2, 3],
    ])
      expect(at(x!, y!).type).toBe(TILE_TYPE.settled);
    expect(at(1, 1).landmark).toBe(LANDMARK.forest);
    for (const [x, y] of [
      [3, 1],
      [3, 2],
      [3, 3],
    ]) {
      expect(at(x!, y!)).toEqual(before.tiles[x! + y! * before.width]);
      expect(at(x!, y!).type).toBe(TILE_TYPE.nomad);
    }
  });

  it('tiles further away are untouched; the turn does not change', () => {
    const changed = after.tiles
      .map((t, i) => (t === before.tiles[i] || JSON.stringify(t) === JSON.stringify(before.tiles[i]) ? null : i))
      .filter((i) => i !== null);
    const expected = [
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
      [1, 3],
      [2, 3],
    ]
      .map(([x, y]) => x! + y! * 6)
      .sort((a, b) => a - b);
    expect(changed).toEqual(expected);
    expect(after.turn).toEqual(before.turn);
    expect(after.running).toBe(true);
  });

  it('a corner placement settles only its 3 in-map neighbours', () => {
    const g = place(base(), G, 0, 0);
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    const settled = g.value.tiles.filter((t) => t.type === TILE_TYPE.settled).map((t) => [t.pos.x, t.pos.y]);
    expect(settled).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]);
  });

  it('a second banner needs banners left and spacing: after placing, the same country cannot place next to it', () => {
    const g = {
      ...base(),
      countries: [
        { id: G, banners: 2 },
        { id: P, banners: 1 },
      ],
    };
    const first = place(g, G, 0, 0);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    // (1,1) is adjacent to the new banner (and now Settled); (0,2) is two rows away and still Nomad.
    expect(place(first.value, G, 1, 1).ok).toBe(false);
    expect(place(first.value, G, 0, 2).ok).toBe(true); // two away, Nomad
  });
});
