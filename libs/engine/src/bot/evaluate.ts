/**
 * The expert bot's value of a position (RULES §6), seen by the country that has just played: a sum of one
 * term per tile plus the banners in hand. Each tile's term reads only the tile and the unit counts kept
 * on it, and those counts change only within two steps of a unit that comes or goes; so the value of an
 * action is the change of the terms in the 5×5 squares around the tiles it touches, never a full recount.
 */
import { LANDMARK } from '../constants.js';
import { attackWinChance } from '../war.js';
import { NONE, RING2, type SearchBoard, isFoe, tileMod } from './search-board.js';

/** What each part of a position is worth, in tenths of a unit. */
export interface Weights {
  /** A unit on the map. */
  readonly unit: number;
  /** A Settled banner tile (a spawn point: one unit each turn while it is left free). */
  readonly spawn: number;
  /** A Nomad banner tile: no more units, but its owner stays alive. */
  readonly nomadBanner: number;
  /** A banner in hand. */
  readonly hand: number;
  /** A tile of land. */
  readonly land: number;
  /** Own unit standing on an own spawn point: next turn's unit is lost. */
  readonly blockedSpawn: number;
  /** An enemy standing on an own spawn point (it unsettles at their turn), or on an own Nomad banner (it is taken). */
  readonly occupiedSpawn: number;
  readonly occupiedNomad: number;
  /** Per enemy unit next to an own free banner tile (it may step on). */
  readonly bannerDanger: number;
  /** Per step short of `safeDistance` between an own banner tile and the nearest enemy ground (the step bots head for the nearest enemy banner). */
  readonly bannerFront: number;
  readonly safeDistance: number;
  /**
   * Per enemy whose army a banner placed on a tile would draw (expert.ts lureMap): only where banners go,
   * not a term of the position. With several enemies the step bots all head for the nearest banner, and
   * the country that two of them head for at once loses its spawn points first.
   */
  readonly lure: number;
  /** Own unit standing on an enemy spawn point (it blocks its spawn, and unsettles it if it lives) or on an enemy Nomad banner (taken if it lives). */
  readonly onEnemySpawn: number;
  readonly onEnemyNomad: number;
  /** Own unit on other enemy ground: the tile is taken at the start of the next turn if it lives. */
  readonly conquer: number;
  /** Per step from an own unit to the nearest enemy banner tile (keeps the army moving up). */
  readonly drive: number;
  /** Share of a unit's value lost per unit of risk that the enemies kill it before the next turn. */
  readonly exposure: number;
  /** The chance that one enemy in reach attacks a given unit. */
  readonly attackRate: number;
  /** How much the enemies' units, spawn points and land count against the searching country's own. */
  readonly enemyScale: number;
  /** A unit of a country that has left: it never acts, but it blocks. */
  readonly leftUnit: number;
  /** The attack bonus the enemies are assumed to fight with. */
  readonly enemyBonus: number;
}

/** The tuned weights (see the ladder in docs/BENCHMARKS.md §4). */
export const EXPERT_WEIGHTS: Weights = {
  unit: 10,
  spawn: 30,
  nomadBanner: 8,
  hand: 12,
  land: 0.4,
  blockedSpawn: 7,
  occupiedSpawn: 25,
  occupiedNomad: 10,
  bannerDanger: 3,
  bannerFront: 0,
  safeDistance: 4,
  lure: 0,
  onEnemySpawn: 14,
  onEnemyNomad: 20,
  conquer: 0.5,
  drive: 0.4,
  exposure: 0.5,
  attackRate: 0.6,
  enemyScale: 1,
  leftUnit: 1,
  enemyBonus: 4,
};

/**
 * What changes once the searching country's units outnumber the strongest enemy's by PRESS_RATIO (see
 * weightsFor): it presses on to finish the game instead of holding a stable front, heading for the enemy
 * banners with less fear for its units, trading units one for one, and standing on enemy spawn points.
 */
export const PRESS: Partial<Weights> = { drive: 1.5, exposure: 0.2, enemyScale: 1, onEnemySpawn: 25 };
export const PRESS_RATIO = 1.2;
/** Pressing starts only with at least this many units. */
export const PRESS_MIN_UNITS = 10;

/** What changes with more than one enemy left (see weightsFor). */
export const SEVERAL_ENEMIES: Partial<Weights> = { enemyScale: 0.4, bannerFront: 3, lure: 25 };

const WIN_TABLE_HALF = 64;
const WIN_TABLE = Float64Array.from({ length: 2 * WIN_TABLE_HALF + 1 }, (_, k) =>
  attackWinChance((k - WIN_TABLE_HALF) / 2, 0),
);

/** attackWinChance(war, bonus) from a table: war and bonus are multiples of 0.5. */
export function winChance(warPlusBonus: number): number {
  const k = Math.round(warPlusBonus * 2) + WIN_TABLE_HALF;
  return k <= 0 ? 0 : k >= WIN_TABLE.length ? 1 : WIN_TABLE[k]!;
}

/** The chance that the searching country's unit on tile `i` is killed before its next turn. */
function risk(b: SearchBoard, w: Weights, i: number): number {
  const foes = b.foe2[i]!;
  if (foes === 0) return 0;
  const killed = winChance(w.enemyBonus - tileMod(b, i, b.me, false));
  return killed * (1 - (1 - w.attackRate) ** foes);
}

/** Per-turn maps the terms read; ownership does not change within a turn, so they are made once. */
export interface TurnMaps {
  /** Every tile's distance to the nearest enemy banner tile (where the army heads). */
  readonly drive: Int32Array;
  /** Every tile's distance to the nearest enemy ground (RULES §6 step 1's safety; -1 where there is none). */
  readonly safety: Int32Array;
}

/** The term of tile `i`. */
export function tileValue(b: SearchBoard, w: Weights, maps: TurnMaps, i: number): number {
  const me = b.me;
  const owner = b.owner[i]!;
  const u = b.unit[i]!;
  const banner = b.landmark[i] === LANDMARK.banner;
  const settled = b.settled[i] === 1;
  let v = 0;
  if (owner === me) {
    v += w.land;
    if (banner) {
      const safety = maps.safety[i]!;
      if (safety >= 0 && safety < w.safeDistance) v -= w.bannerFront * (w.safeDistance - safety);
      if (settled) {
        v += w.spawn;
        if (u === me) v -= w.blockedSpawn;
        else if (u !== NONE) v -= b.active[u] === 1 ? w.occupiedSpawn : w.blockedSpawn;
        else v -= w.bannerDanger * b.foe1[i]!;
      } else {
        v += w.nomadBanner;
        if (isFoe(b, u)) v -= w.occupiedNomad;
        else if (u === NONE) v -= w.bannerDanger * b.foe1[i]!;
      }
    }
  } else if (owner !== NONE) {
    const enemy = b.active[owner] === 1;
    if (enemy) v -= w.land * w.enemyScale;
    if (banner) {
      if (enemy) v -= (settled ? w.spawn : w.nomadBanner) * w.enemyScale;
      if (u === me) v += settled ? w.onEnemySpawn : w.onEnemyNomad;
    } else if (u === me) v += w.conquer;
  }
  if (u === me) {
    v += w.unit - w.drive * maps.drive[i]!;
    if (b.foe2[i]! > 0) v -= w.unit * w.exposure * risk(b, w, i);
  } else if (u !== NONE) v -= b.active[u] === 1 ? w.unit * w.enemyScale : w.leftUnit;
  return v;
}

/** The whole value of a position (a test checks that the search's local changes add up to this). */
export function evaluate(b: SearchBoard, w: Weights, maps: TurnMaps): number {
  let v = w.hand * b.hand;
  for (let i = 0; i < b.size; i++) v += tileValue(b, w, maps, i);
  return v;
}

/**
 * A set of tiles whose terms an action may change: the 5×5 squares around the tiles it touches, each
 * tile once. Reused across evaluations (a stamp marks membership) so the search allocates nothing.
 */
export class Region {
  readonly tiles: Int32Array;
  length = 0;
  private readonly stamp: Uint32Array;
  private epoch = 1;

  constructor(size: number) {
    this.tiles = new Int32Array(Math.min(size, 4 * (RING2 + 1)));
    this.stamp = new Uint32Array(size);
  }

  /** Empties the set. */
  clear(): void {
    this.length = 0;
    this.epoch++;
  }

  /** Adds tile `i` and its 5×5 square. */
  around(b: SearchBoard, i: number): void {
    this.add(i);
    for (let k = i * RING2, end = k + RING2; k < end; k++) {
      const n = b.ring2[k]!;
      if (n >= 0) this.add(n);
    }
  }

  private add(i: number): void {
    if (this.stamp[i] === this.epoch) return;
    this.stamp[i] = this.epoch;
    this.tiles[this.length++] = i;
  }

  /** The sum of the terms of the tiles in the set, plus the banners in hand. */
  value(b: SearchBoard, w: Weights, maps: TurnMaps): number {
    let v = w.hand * b.hand;
    for (let k = 0; k < this.length; k++) v += tileValue(b, w, maps, this.tiles[k]!);
    return v;
  }
}
