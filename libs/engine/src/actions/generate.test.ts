/**
 * generate (RULES §2.2): start tiles, 4-neighbour growth rounds, landmark odds.
 * The reference generator below is written from the text of RULES §2.2 (using the rng the rng tests check).
 */
import { describe, expect, it } from 'vitest';
import { COUNTRY, LANDMARK, TILE_TYPE, type CountryId, type Landmark, type PlayableCountry } from '../constants.js';
import { newGame } from '../game.js';
import { createRng } from '../rng.js';
import type { GameData } from '../types.js';
import { applyAction, applyLegal } from './index.js';

const G = COUNTRY.green;
const P = COUNTRY.purple;
const R = COUNTRY.red;
const Y = COUNTRY.yellow;

function withCountries(ids: PlayableCountry[], w = 10, h = 10): GameData {
  let g = newGame(w, h, 0);
  for (const country of ids) g = applyLegal(g, { id: 'add_country', info: { country } }, 0);
  return g;
}
const generated = (ids: PlayableCountry[], w: number, h: number, seed: number) =>
  applyLegal(withCountries(ids), { id: 'generate', info: { w, h, seed } }, 12345);

/** RULES §2.2, step by step: starts (with redraws), growth rounds, landmarks, cleared starts. */
function referenceMap(ids: PlayableCountry[], w: number, h: number, seed: number) {
  const rng = createRng(seed);
  const owner: CountryId[] = Array(w * h).fill(COUNTRY.none);
  const starts: { x: number; y: number }[] = [];
  for (const id of ids) {
    let x: number;
    let y: number;
    do {
      x = rng.int(0, w);
      y = rng.int(0, h);
    } while (starts.some((s) => s.x === x && s.y === y));
    starts.push({ x, y });
    owner[x + y * w] = id;
  }
  const queues = starts.map((s) => [s]);
  while (queues.some((q) => q.length > 0)) {
    ids.forEach((id, c) => {
      const q = queues[c]!;
      if (q.length === 0) return;
      const f = q[0]!;
      const around = [
        { x: f.x, y: f.y - 1 },
        { x: f.x + 1, y: f.y },
        { x: f.x, y: f.y + 1 },
        { x: f.x - 1, y: f.y },
      ].filter((p) => p.x >= 0 && p.y >= 0 && p.x < w && p.y < h);
      const free = around.find((p) => owner[p.x + p.y * w] === COUNTRY.none);
      if (free) {
        owner[free.x + free.y * w] = id;
        q.push(free);
      } else q.shift();
    });
  }
  const landmark: Landmark[] = [];
  for (let i = 0; i < w * h; i++) {
    landmark.push(
      rng.percent([
        { value: LANDMARK.mountains, percent: 10 },
        { value: LANDMARK.forest, percent: 15 },
        { value: LANDMARK.none, percent: 75 },
      ]),
    );
  }
  for (const s of starts) landmark[s.x + s.y * w] = LANDMARK.none;
  return { owner, landmark, starts };
}

describe('generate: when it is allowed (RULES §2.2)', () => {
  it('is refused while the game is running (game_running)', () => {
    const running = { ...generated([G, P], 5, 5, 1), running: true, turn: { count: 1, type: G } };
    const r = applyAction(running, { id: 'generate', info: { w: 5, h: 5, seed: 2 } }, 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('game_running');
  });

  it.each([[[]], [[G]], [[Y]]] as PlayableCountry[][][])('is refused with fewer than 2 countries (%j)', (ids) => {
    const r = applyAction(withCountries(ids), { id: 'generate', info: { w: 5, h: 5, seed: 2 } }, 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_actable');
  });

  it('sets width, height and seed and fills w*h tiles, row-major, all Nomad', () => {
    const g = generated([G, P, R], 7, 4, 99);
    expect([g.width, g.height, g.seed]).toEqual([7, 4, 99]);
    expect(g.tiles).toHaveLength(28);
    g.tiles.forEach((t, i) => {
      expect(t.pos).toEqual({ x: i % 7, y: Math.floor(i / 7) });
      expect(t.type).toBe(TILE_TYPE.nomad);
      expect(t.unit).toBeUndefined();
      expect([LANDMARK.none, LANDMARK.mountains, LANDMARK.forest]).toContain(t.landmark);
    });
  });

  it('replaces an earlier map (clears the tiles)', () => {
    const first = generated([G, P], 6, 6, 1);
    const second = applyLegal(first, { id: 'generate', info: { w: 3, h: 2, seed: 7 } }, 0);
    expect(second.tiles).toHaveLength(6);
    expect(second.tiles).toEqual(generated([G, P], 3, 2, 7).tiles);
  });
});

describe('generate: the map is a function of the countries, w, h and the map seed (RULES §2.2, §5.2)', () => {
  it('the same seed gives the same map whatever the action seed; different seeds differ', () => {
    const a = generated([G, P, R], 10, 10, 555);
    const b = applyLegal(withCountries([G, P, R]), { id: 'generate', info: { w: 10, h: 10, seed: 555 } }, 999);
    expect(b.tiles).toEqual(a.tiles);
    const c = generated([G, P, R], 10, 10, 556);
    expect(c.tiles).not.toEqual(a.tiles);
  });

  it.each([
    [[G, P], 10, 10, 1],
    [[G, P, R, Y], 10, 10, 2],
    [[P, G], 10, 10, 3],
    [[Y, R, G], 5, 8, 4],
    [[G, P, R, Y], 2, 2, 5],
    [[G, P], 1, 9, 6],
    [[R, Y, P], 13, 3, 4000000000],
    [[G, P, R, Y], 20, 20, 77],
  ] as [PlayableCountry[], number, number, number][])(
    '%j on %i×%i seed %i matches the reference of RULES §2.2 tile by tile',
    (ids, w, h, seed) => {
      const g = generated(ids, w, h, seed);
      const ref = referenceMap(ids, w, h, seed);
      expect(g.tiles.map((t) => t.owner)).toEqual(ref.owner);
      expect(g.tiles.map((t) => t.landmark)).toEqual(ref.landmark);
    },
  );

  it('every tile is owned by a country in the list, for many seeds', () => {
    for (let seed = 0; seed < 40; seed++) {
      const ids = (
        [
          [G, P],
          [R, Y, G],
          [G, P, R, Y],
        ] as PlayableCountry[][]
      )[seed % 3]!;
      const g = generated(ids, 6 + (seed % 5), 4 + (seed % 7), seed);
      for (const t of g.tiles) expect(ids).toContain(t.owner);
    }
  });

  it('start tiles are distinct, owned by their country and have no landmark', () => {
    for (let seed = 0; seed < 40; seed++) {
      const ids: PlayableCountry[] = [G, P, R, Y];
      const w = 3 + (seed % 4);
      const h = 2 + (seed % 3);
      const g = generated(ids, w, h, seed);
      const { starts } = referenceMap(ids, w, h, seed);
      expect(new Set(starts.map((s) => s.x + s.y * w)).size).toBe(ids.length);
      starts.forEach((s, c) => {
        const tile = g.tiles[s.x + s.y * w]!;
        expect(tile.owner).toBe(ids[c]);
        expect(tile.landmark).toBe(LANDMARK.none);
      });
    }
  });

  it('each country’s territory is 4-neighbour connected', () => {
    for (let seed = 0; seed < 30; seed++) {
      const ids: PlayableCountry[] = seed % 2 ? [G, P, R, Y] : [Y, G, R];
      const w = 8 + (seed % 5);
      const h = 6 + (seed % 4);
      const g = generated(ids, w, h, seed);
      for (const id of ids) {
        const own = g.tiles.filter((t) => t.owner === id).map((t) => t.pos.x + t.pos.y * w);
        expect(own.length).toBeGreaterThan(0);
        const seen = new Set([own[0]!]);
        const todo = [own[0]!];
        while (todo.length) {
          const i = todo.pop()!;
          const x = i % w;
          const y = Math.floor(i / w);
          for (const [dx, dy] of [
            [0, -1],
            [1, 0],
            [0, 1],
            [-1, 0],
          ] as const) {
            const nx = x + dx;
            const ny = y + dy;
            const n = nx + ny * w;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen.has(n) || g.tiles[n]!.owner !== id) continue;
            seen.add(n);
            todo.push(n);
          }
        }
        expect(seen.size).toBe(own.length);
      }
    }
  });

  it('landmark odds are roughly 10% mountains, 15% forest, 75% none (RULES §2.2)', () => {
    const counts = { mountains: 0, forest: 0, none: 0 };
    let total = 0;
    for (let seed = 1000; seed < 1200; seed++) {
      const g = generated([G, P], 10, 10, seed);
      const { starts } = referenceMap([G, P], 10, 10, seed);
      const startIdx = new Set(starts.map((s) => s.x + s.y * 10));
      g.tiles.forEach((t, i) => {
        if (startIdx.has(i)) return; // cleared, not drawn-as-is
        total += 1;
        if (t.landmark === LANDMARK.mountains) counts.mountains += 1;
        else if (t.landmark === LANDMARK.forest) counts.forest += 1;
        else if (t.landmark === LANDMARK.none) counts.none += 1;
        else throw new Error(`unexpected landmark ${t.landmark}`);
      });
    }
    // ~19,600 tiles: the standard error is < 0.4 percentage points, so ±1.5 is safe.
    expect(counts.mountains / total).toBeGreaterThan(0.085);
    expect(counts.mountains / total).toBeLessThan(0.115);
    expect(counts.forest / total).toBeGreaterThan(0.135);
    expect(counts.forest / total).toBeLessThan(0.165);
    expect(counts.none / total).toBeGreaterThan(0.735);
    expect(counts.none / total).toBeLessThan(0.765);
  });
});

describe('generate: hand-computed small maps (RULES §2.2)', () => {
  it('3×2, [green, purple], seed 7: starts (0,0) and (2,1), growth G G P / G P P, forest at (0,1)', () => {
    // mulberry32(7) draws: .0117 .0620 .9769 .6990 | .5214 .4055 .4662 .2399 .5533 .7298
    // (a) green x = floor(.0117*3) = 0, y = floor(.0620*2) = 0; purple x = floor(.9769*3) = 2, y = floor(.6990*2) = 1.
    // (b) round 1: green at (0,0): up off-map, right (1,0) free -> green. purple at (2,1): up (2,0) free -> purple.
    //     round 2: green front (0,0): up off, right taken, down (0,1) free -> green.
    //              purple front (2,1): up taken, right off, down off, left (1,1) free -> purple. Map full.
    // (c) p = floor(draw*100)+1: 53 41 47 24 56 73 -> none none none forest none none (forest is 11..25).
    // (d) starts (0,0) and (2,1) have no landmark anyway.
    const g = generated([G, P], 3, 2, 7);
    expect(g.tiles.map((t) => t.owner)).toEqual([G, G, P, G, P, P]);
    expect(g.tiles.map((t) => t.landmark)).toEqual([
      LANDMARK.none,
      LANDMARK.none,
      LANDMARK.none,
      LANDMARK.forest,
      LANDMARK.none,
      LANDMARK.none,
    ]);
  });

  it('2×1, [green, purple], seed 11: purple’s colliding start is redrawn', () => {
    // mulberry32(11) draws: .5116 .5299 | .6081 .5902 | .8508 .5380 | .0800 .5305
    // green (1,0); purple draws (1,0) twice (taken, redraw), then (0,0).
    const g = generated([G, P], 2, 1, 11);
    expect(g.tiles.map((t) => t.owner)).toEqual([P, G]);
    expect(g.tiles.map((t) => t.landmark)).toEqual([LANDMARK.none, LANDMARK.none]);
  });
});
