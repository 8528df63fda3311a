/** Fight arithmetic and moveable tiles (RULES §4.3, §4.4). */
import {
  DICE_SIDES,
  FOREST_ATTACK,
  LANDMARK,
  MOUNTAINS_DEFENCE,
  NEIGHBOUR_SUPPORT,
  type PlayableCountry,
} from './constants.js';
import { NEIGHBOURS_8, indexOf, inBounds, neighbourIndices } from './grid.js';
import type { GameData, Pos } from './types.js';

/**
 * mod(tile): +2 forest under the attacker, +2 mountains under the defender, and ±0.5 for every
 * neighbouring unit (+ if it belongs to the country of the unit on the tile, - otherwise).
 */
function tileModifier(game: GameData, index: number, attacker: PlayableCountry, defender: PlayableCountry): number {
  const tile = game.tiles[index]!;
  const unit = tile.unit;
  let mod = 0;
  if (unit?.id === attacker && tile.landmark === LANDMARK.forest) mod += FOREST_ATTACK;
  if (unit?.id === defender && tile.landmark === LANDMARK.mountains) mod += MOUNTAINS_DEFENCE;
  for (const d of NEIGHBOURS_8) {
    const x = tile.pos.x + d.x;
    const y = tile.pos.y + d.y;
    if (x < 0 || y < 0 || x >= game.width || y >= game.height) continue;
    const other = game.tiles[x + y * game.width]!.unit;
    if (other) mod += unit && other.id === unit.id ? NEIGHBOUR_SUPPORT : -NEIGHBOUR_SUPPORT;
  }
  return mod;
}

/** The war modifier of the unit at `from` attacking the unit at `to`: mod(attacker) - mod(defender). */
export function warModifier(game: GameData, from: Pos, to: Pos): number {
  const a = game.tiles[indexOf(game, from.x, from.y)]?.unit;
  const d = game.tiles[indexOf(game, to.x, to.y)]?.unit;
  if (!a || !d) return 0;
  return (
    tileModifier(game, indexOf(game, from.x, from.y), a.id, d.id) -
    tileModifier(game, indexOf(game, to.x, to.y), a.id, d.id)
  );
}

/**
 * The war modifier of the unit at `from` attacking the unit at `to`, in the parts a player reads
 * (RULES §4.4): the forest under the attacker, the mountains under the defender, and the units next to each
 * fighter, friends and foes. The two fighters stand next to each other and each costs the other 0.5, so
 * those two halves cancel and are left out of the counts.
 */
export interface WarParts {
  /** +2 for the attacker when it attacks from a forest, else 0. */
  readonly forest: number;
  /** +2 for the defender when it stands on mountains, else 0. */
  readonly mountains: number;
  /** Units next to the attacker (the defender left out): its own country's, and anyone else's. */
  readonly attackerFriends: number;
  readonly attackerFoes: number;
  /** Units next to the defender (the attacker left out): its own country's, and anyone else's. */
  readonly defenderFriends: number;
  readonly defenderFoes: number;
}

/** The counts of units of `country` and of anyone else next to tile `index`, `skip` left out. */
function neighbourCounts(game: GameData, index: number, country: number, skip: number): [number, number] {
  const tile = game.tiles[index]!;
  let friends = 0;
  let foes = 0;
  for (const d of NEIGHBOURS_8) {
    const x = tile.pos.x + d.x;
    const y = tile.pos.y + d.y;
    if (x < 0 || y < 0 || x >= game.width || y >= game.height || x + y * game.width === skip) continue;
    const other = game.tiles[x + y * game.width]!.unit;
    if (other) {
      if (other.id === country) friends++;
      else foes++;
    }
  }
  return [friends, foes];
}

/** The parts of `warModifier(game, from, to)`; all zero when either tile has no unit. */
export function warParts(game: GameData, from: Pos, to: Pos): WarParts {
  const ai = indexOf(game, from.x, from.y);
  const di = indexOf(game, to.x, to.y);
  const a = game.tiles[ai]?.unit;
  const d = game.tiles[di]?.unit;
  if (!a || !d) {
    return { forest: 0, mountains: 0, attackerFriends: 0, attackerFoes: 0, defenderFriends: 0, defenderFoes: 0 };
  }
  const [attackerFriends, attackerFoes] = neighbourCounts(game, ai, a.id, di);
  const [defenderFriends, defenderFoes] = neighbourCounts(game, di, d.id, ai);
  return {
    forest: game.tiles[ai]!.landmark === LANDMARK.forest ? FOREST_ATTACK : 0,
    mountains: game.tiles[di]!.landmark === LANDMARK.mountains ? MOUNTAINS_DEFENCE : 0,
    attackerFriends,
    attackerFoes,
    defenderFriends,
    defenderFoes,
  };
}

/** The war modifier the parts add up to: forest − mountains + 0.5 per friend and −0.5 per foe of the attacker, the opposite for the defender's. */
export function warOfParts(p: WarParts): number {
  return (
    p.forest -
    p.mountains +
    NEIGHBOUR_SUPPORT * (p.attackerFriends - p.attackerFoes) -
    NEIGHBOUR_SUPPORT * (p.defenderFriends - p.defenderFoes)
  );
}

/**
 * The tiles the unit at `from` may move to or attack when `country` acts: none unless the unit is
 * that country's and has not attacked; never a tile with an own unit; only enemy units once it has moved.
 */
export function moveableTiles(game: GameData, from: Pos, country: PlayableCountry): Pos[] {
  if (!inBounds(game, from.x, from.y)) return [];
  const unit = game.tiles[indexOf(game, from.x, from.y)]?.unit;
  if (!unit || unit.id !== country || unit.attacked) return [];
  const out: Pos[] = [];
  for (const n of neighbourIndices(game, from.x, from.y)) {
    const target = game.tiles[n]!;
    if (target.unit?.id === unit.id) continue;
    if (unit.moved && !target.unit) continue;
    out.push(target.pos);
  }
  return out;
}

/** Whether `to` is among the moveable tiles of the unit at `from` (no allocation). */
export function canMoveTo(game: GameData, from: Pos, to: Pos, country: PlayableCountry): boolean {
  if (!inBounds(game, from.x, from.y) || !inBounds(game, to.x, to.y)) return false;
  if (Math.max(Math.abs(from.x - to.x), Math.abs(from.y - to.y)) !== 1) return false;
  const unit = game.tiles[indexOf(game, from.x, from.y)]!.unit;
  if (!unit || unit.id !== country || unit.attacked) return false;
  const target = game.tiles[indexOf(game, to.x, to.y)]!;
  if (target.unit?.id === unit.id) return false;
  return !(unit.moved && !target.unit);
}

/** The chance that an attack with war modifier `war` and attack `bonus` wins: P(attack die − defence die + war + bonus > 0). */
export function attackWinChance(war: number, bonus = 0): number {
  let wins = 0;
  for (let a = 1; a <= DICE_SIDES; a++) for (let d = 1; d <= DICE_SIDES; d++) if (a - d + war + bonus > 0) wins++;
  return wins / (DICE_SIDES * DICE_SIDES);
}
