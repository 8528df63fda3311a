/**
 * The expert bot's working copy of a position (RULES §6): flat typed arrays that the search changes in
 * place and changes back, with counts of the units around every tile kept up to date so that a fight's
 * odds and a tile's value are read in constant time. Never part of a game's state; built once per turn.
 */
import { LANDMARK, TILE_TYPE, type PlayableCountry } from '../constants.js';
import { findCountry } from '../game.js';
import type { GameData } from '../types.js';

/** No unit on a tile, and no owner. */
export const NONE = -1;
/** Tiles in a ring-1 row (the tile's 8 neighbours, -1 off the map) and a ring-2 row (the 5×5 square, itself excluded). */
export const RING1 = 8;
export const RING2 = 24;

export interface SearchBoard {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  /** The country the search plays for. */
  readonly me: PlayableCountry;
  /** 1 for each country still in the list (it moves, spawns and threatens); units of others only stand. */
  readonly active: Uint8Array;
  readonly owner: Int8Array;
  readonly settled: Uint8Array;
  readonly landmark: Int8Array;
  readonly unit: Int8Array;
  readonly moved: Uint8Array;
  readonly attacked: Uint8Array;
  /** Tiles attacked this turn: the plan never touches them again, so it stays legal however the fight went. */
  readonly locked: Uint8Array;
  /** The 8 neighbours of every tile in NEIGHBOURS_8 order, -1 off the map. */
  readonly ring1: Int32Array;
  /** The other 24 tiles of every tile's 5×5 square, -1 off the map. */
  readonly ring2: Int32Array;
  /** Units of country c next to tile i, at i * 4 + c. */
  readonly near: Uint8Array;
  /** All units next to a tile, any country. */
  readonly near1: Uint8Array;
  /** Units of active enemies next to a tile, and within two steps of it. */
  readonly foe1: Uint8Array;
  readonly foe2: Uint8Array;
  /** Banners in the searching country's hand. */
  hand: number;
}

/** Whether the unit or owner id `c` is an active country other than the searching one. */
export function isFoe(b: SearchBoard, c: number): boolean {
  return c !== NONE && c !== b.me && b.active[c] === 1;
}

function rings(width: number, height: number): { ring1: Int32Array; ring2: Int32Array } {
  const size = width * height;
  const ring1 = new Int32Array(size * RING1).fill(-1);
  const ring2 = new Int32Array(size * RING2).fill(-1);
  for (let i = 0; i < size; i++) {
    const x = i % width;
    const y = (i - x) / width;
    let k1 = 0;
    let k2 = 0;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        if (dx === 0 && dy === 0) continue;
        const nx = x + dx;
        const ny = y + dy;
        const inside = nx >= 0 && ny >= 0 && nx < width && ny < height;
        const near = Math.abs(dx) <= 1 && Math.abs(dy) <= 1;
        if (near) ring1[i * RING1 + k1++] = inside ? nx + ny * width : -1;
        ring2[i * RING2 + k2++] = inside ? nx + ny * width : -1;
      }
    }
  }
  return { ring1, ring2 };
}

/** Copies `game` into a search board for `me`. */
export function searchBoardOf(game: GameData, me: PlayableCountry): SearchBoard {
  const { width, height } = game;
  const size = game.tiles.length;
  const active = new Uint8Array(4);
  for (const c of game.countries) active[c.id] = 1;
  const b: SearchBoard = {
    width,
    height,
    size,
    me,
    active,
    owner: new Int8Array(size),
    settled: new Uint8Array(size),
    landmark: new Int8Array(size),
    unit: new Int8Array(size).fill(NONE),
    moved: new Uint8Array(size),
    attacked: new Uint8Array(size),
    locked: new Uint8Array(size),
    ...rings(width, height),
    near: new Uint8Array(size * 4),
    near1: new Uint8Array(size),
    foe1: new Uint8Array(size),
    foe2: new Uint8Array(size),
    hand: findCountry(game, me)?.banners ?? 0,
  };
  for (let i = 0; i < size; i++) {
    const t = game.tiles[i]!;
    b.owner[i] = t.owner;
    b.settled[i] = t.type === TILE_TYPE.settled ? 1 : 0;
    b.landmark[i] = t.landmark;
    if (t.unit) addUnit(b, i, t.unit.id, t.unit.moved ? 1 : 0, t.unit.attacked ? 1 : 0);
  }
  return b;
}

function count(b: SearchBoard, i: number, c: number, step: 1 | -1): void {
  const foe = isFoe(b, c);
  for (let k = i * RING1, end = k + RING1; k < end; k++) {
    const n = b.ring1[k]!;
    if (n < 0) continue;
    b.near[n * 4 + c]! += step;
    b.near1[n]! += step;
    if (foe) b.foe1[n]! += step;
  }
  if (!foe) return;
  for (let k = i * RING2, end = k + RING2; k < end; k++) {
    const n = b.ring2[k]!;
    if (n >= 0) b.foe2[n]! += step;
  }
}

/** Puts a unit of country `c` on the empty tile `i`. */
export function addUnit(b: SearchBoard, i: number, c: number, moved: number, attacked: number): void {
  b.unit[i] = c;
  b.moved[i] = moved;
  b.attacked[i] = attacked;
  count(b, i, c, 1);
}

/** Takes the unit off tile `i` and returns its country. */
export function removeUnit(b: SearchBoard, i: number): number {
  const c = b.unit[i]!;
  count(b, i, c, -1);
  b.unit[i] = NONE;
  b.moved[i] = 0;
  b.attacked[i] = 0;
  return c;
}

/** mod(tile) of RULES §4.4 for the unit of country `c` on tile `i`, as attacker or as defender. */
export function tileMod(b: SearchBoard, i: number, c: number, attacking: boolean): number {
  const ground = attacking ? (b.landmark[i] === LANDMARK.forest ? 2 : 0) : b.landmark[i] === LANDMARK.mountains ? 2 : 0;
  return ground + 0.5 * (2 * b.near[i * 4 + c]! - b.near1[i]!);
}

/** The war modifier of the unit on `from` attacking the unit on `to` (RULES §4.4), both present. */
export function searchWar(b: SearchBoard, from: number, to: number): number {
  return tileMod(b, from, b.unit[from]!, true) - tileMod(b, to, b.unit[to]!, false);
}
