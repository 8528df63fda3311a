/**
 * The expert bot (RULES §6): a search over the whole turn instead of fixed steps.
 *
 * A unit's part of a turn is one of: stay, step, attack, or step and then attack. The search values each
 * such choice of every unit by how it changes the value of the position (evaluate.ts), with a chance
 * node at every fight: the change if the attack wins times the engine's win chance, plus the change if it
 * loses times the rest. It takes the best choice of all, plays it on its working copy, values again
 * only the units whose choices that could have changed, and repeats until no choice gains; banners are
 * placed first (and again after a chest), on the tiles that gain most, less a cost for every enemy army a
 * banner there would turn on it (lureMap).
 *
 * The whole plan is fixed before any die is rolled, and each attacked tile is left alone for the rest of
 * the turn, so every action in it is legal whichever way each fight goes: the dice of the actions' seeds
 * are never read, and the same position with the same budget always gives the same turn. The search
 * counts its evaluations and stops at the node budget; a wall-clock cap is only used when the caller
 * passes a clock (the engine never reads the time itself).
 */
import type { GameAction } from '../actions/types.js';
import { BOT_TUNING, LANDMARK, type PlayableCountry } from '../constants.js';
import { isGameOver } from '../game.js';
import { whoseTurn } from '../turns.js';
import type { GameData } from '../types.js';
import {
  EXPERT_WEIGHTS,
  PRESS,
  PRESS_MIN_UNITS,
  PRESS_RATIO,
  Region,
  SEVERAL_ENEMIES,
  type TurnMaps,
  type Weights,
  winChance,
} from './evaluate.js';
import { NONE, RING1, type SearchBoard, addUnit, removeUnit, searchBoardOf, searchWar } from './search-board.js';

/** Evaluations an expert turn may make unless the caller says otherwise. */
export const EXPERT_NODE_BUDGET = 60_000;

export interface ExpertOptions {
  /** Evaluations the search may make this turn (default EXPERT_NODE_BUDGET). */
  readonly nodeBudget?: number;
  /**
   * A wall-clock safety cap in milliseconds, read with `clock` (say `performance.now`); both are needed.
   * Without them the turn depends only on the position and the node budget.
   */
  readonly timeCapMs?: number;
  readonly clock?: () => number;
  /** The value function's weights (tuning and tests). */
  readonly weights?: Weights;
  /** A stand-in for an away person (RULES §6): it attacks, and weighs its fights, with no bonus. */
  readonly standIn?: boolean;
}

export interface ExpertTurn {
  /** The turn's actions, ending with next_turn (empty when it is not the country's turn). */
  readonly actions: GameAction[];
  /** Evaluations made. */
  readonly nodes: number;
  /** False when the budget or the time cap stopped the search before it ran out of gains. */
  readonly complete: boolean;
}

/** Any gain below this is noise: the search stops rather than shuffle units for it. */
const MIN_GAIN = 1e-6;
/** A unit's choices read the position up to this many steps away from it (2 for the move and attack, 2 for the terms' squares, 2 for their counts). */
const REACH = 6;
/** How often the wall clock is read, in evaluations. */
const CLOCK_EVERY = 256;

/** Distance in 8-neighbour steps from every tile to the nearest tile `isSource` picks; -1 when none does. */
function distances(b: SearchBoard, isSource: (i: number) => boolean): Int32Array {
  const dist = new Int32Array(b.size).fill(-1);
  const queue = new Int32Array(b.size);
  let tail = 0;
  for (let i = 0; i < b.size; i++) {
    if (!isSource(i)) continue;
    dist[i] = 0;
    queue[tail++] = i;
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    for (let k = i * RING1, end = k + RING1; k < end; k++) {
      const n = b.ring1[k]!;
      if (n < 0 || dist[n] !== -1) continue;
      dist[n] = dist[i]! + 1;
      queue[tail++] = n;
    }
  }
  return dist;
}

/**
 * The turn's maps: the distance to the nearest enemy banner tile (or, with none, to enemy ground and
 * units; 0 everywhere with neither) and to the nearest enemy ground.
 */
export function turnMaps(b: SearchBoard): TurnMaps {
  const foe = (c: number) => c !== NONE && c !== b.me && b.active[c] === 1;
  let drive = distances(b, (i) => b.landmark[i] === LANDMARK.banner && foe(b.owner[i]!));
  if (drive.every((d) => d === -1)) drive = distances(b, (i) => foe(b.owner[i]!) || foe(b.unit[i]!));
  for (let i = 0; i < b.size; i++) if (drive[i] === -1) drive[i] = 0;
  return { drive, safety: distances(b, (i) => foe(b.owner[i]!)) };
}

/**
 * The weights for `country` in `game`. Against several enemies each one's losses help the others too, so
 * they count less; and banners go far from enemy ground and out of the way of armies heading for another
 * country (lureMap), since the step bots head for the enemy banner nearest to their units. Once its units
 * outnumber the strongest enemy's by PRESS_RATIO, it presses on to finish (PRESS).
 */
export function weightsFor(game: GameData, country?: PlayableCountry): Weights {
  const w = game.countries.length > 2 ? { ...EXPERT_WEIGHTS, ...SEVERAL_ENEMIES } : EXPERT_WEIGHTS;
  if (country === undefined) return w;
  const units = [0, 0, 0, 0];
  for (const t of game.tiles) if (t.unit) units[t.unit.id]! += 1;
  let strongest = 0;
  for (const c of game.countries) if (c.id !== country) strongest = Math.max(strongest, units[c.id]!);
  const mine = units[country]!;
  return mine >= PRESS_MIN_UNITS && mine >= PRESS_RATIO * strongest ? { ...w, ...PRESS } : w;
}

/**
 * For every tile, how many enemies a banner placed there would draw. The step bots send their whole army
 * to the enemy banner tile nearest to their units (RULES §6, bot.ts objectiveMap), so a banner nearer to
 * an enemy's units or spawn points (where its next units appear) than the banner it heads for now turns
 * that enemy on us. An enemy that already heads for one of our banners is not counted, nor one that heads
 * for none (it would come to whichever banner we place, so the choice of tile does not matter to it).
 * Made once a turn, from the position at its start.
 */
function lureMap(b: SearchBoard): Uint8Array {
  const lure = new Uint8Array(b.size);
  for (let c = 0; c < b.active.length; c++) {
    if (c === b.me || b.active[c] !== 1) continue;
    const reach = distances(
      b,
      (i) => b.unit[i] === c || (b.owner[i] === c && b.landmark[i] === LANDMARK.banner && b.settled[i] === 1),
    );
    let target = -1;
    for (let i = 0; i < b.size; i++) {
      if (b.landmark[i] !== LANDMARK.banner || b.owner[i] === c || b.owner[i] === NONE || b.unit[i] === c) continue;
      if (reach[i] !== -1 && (target === -1 || reach[i]! < reach[target]!)) target = i;
    }
    if (target === -1 || b.owner[target] === b.me) continue;
    for (let i = 0; i < b.size; i++) if (reach[i] !== -1 && reach[i]! <= reach[target]!) lure[i]! += 1;
  }
  return lure;
}

/** Plans `country`'s whole turn as the expert (RULES §6). Pure: the same game and options give the same turn. */
export function planExpertTurn(game: GameData, country: PlayableCountry, options: ExpertOptions = {}): ExpertTurn {
  if (whoseTurn(game) !== country || isGameOver(game)) return { actions: [], nodes: 0, complete: true };
  const b = searchBoardOf(game, country);
  const w = options.weights ?? weightsFor(game, country);
  const maps = turnMaps(b);
  const dist = maps.drive;
  const region = new Region(b.size);
  const bonus = options.standIn ? 0 : BOT_TUNING.expert.bonus;
  const budget = options.nodeBudget ?? EXPERT_NODE_BUDGET;
  const { clock, timeCapMs } = options;
  const deadline = clock && timeCapMs !== undefined ? clock() + timeCapMs : Number.POSITIVE_INFINITY;
  const actions: GameAction[] = [];
  let nodes = 0;
  let stopped = false;

  /** Whether `cost` more evaluations fit the budget (and the time cap); once one does not, none do. */
  const canSpend = (cost: number): boolean => {
    if (stopped) return false;
    const overBudget = nodes + cost > budget;
    const clockDue =
      deadline !== Number.POSITIVE_INFINITY &&
      Math.floor((nodes + cost) / CLOCK_EVERY) > Math.floor(nodes / CLOCK_EVERY);
    if (overBudget || (clockDue && clock!() > deadline)) {
      stopped = true;
      return false;
    }
    nodes += cost;
    return true;
  };
  const pos = (i: number) => ({ x: i % b.width, y: Math.floor(i / b.width) });
  const isTarget = (i: number) => b.unit[i] !== NONE && b.unit[i] !== country && b.locked[i] === 0;

  // ---- changes to the working copy, each with its undo ----
  /** Steps the unmoved unit on `from` to the empty tile `to`; returns whether it picked up a chest. */
  const step = (from: number, to: number): boolean => {
    removeUnit(b, from);
    addUnit(b, to, country, 1, 0);
    if (b.landmark[to] !== LANDMARK.chest) return false;
    b.landmark[to] = LANDMARK.none;
    b.hand++;
    return true;
  };
  const unstep = (from: number, to: number, chest: boolean): void => {
    removeUnit(b, to);
    addUnit(b, from, country, 0, 0);
    if (!chest) return;
    b.landmark[to] = LANDMARK.chest;
    b.hand--;
  };

  /**
   * The value of the attack from `from` on `to` given the position now, as a chance node; the region is
   * already set. Leaves the working copy as it was.
   */
  const attackValue = (from: number, to: number): number => {
    const p = winChance(searchWar(b, from, to) + bonus);
    const moved = b.moved[from]!;
    const defender = b.unit[to]!;
    const dMoved = b.moved[to]!;
    const dAttacked = b.attacked[to]!;
    removeUnit(b, from);
    removeUnit(b, to);
    addUnit(b, to, country, moved, 1);
    const won = region.value(b, w, maps);
    removeUnit(b, to);
    addUnit(b, to, defender, dMoved, dAttacked);
    const lost = region.value(b, w, maps);
    addUnit(b, from, country, moved, 0);
    return p * won + (1 - p) * lost;
  };

  /** The gain of the unit on `from` stepping to `to` (or staying: -1) and then attacking `target` (or not: -1); NaN when over budget. */
  const choiceGain = (from: number, to: number, target: number): number => {
    if (!canSpend(1 + (to >= 0 ? 1 : 0) + (target >= 0 ? 2 : 0))) return Number.NaN;
    region.clear();
    region.around(b, from);
    if (to >= 0) region.around(b, to);
    if (target >= 0) region.around(b, target);
    const before = region.value(b, w, maps);
    let at = from;
    let chest = false;
    if (to >= 0) {
      chest = step(from, to);
      at = to;
    }
    const after = target >= 0 ? attackValue(at, target) : region.value(b, w, maps);
    if (to >= 0) unstep(from, to, chest);
    return after - before;
  };

  // ---- banners ----
  const canPlace = (i: number): boolean => {
    if (b.owner[i] !== country || b.settled[i] === 1 || b.landmark[i] !== LANDMARK.none || b.unit[i] !== NONE)
      return false;
    for (let k = i * RING1, end = k + RING1; k < end; k++) {
      const n = b.ring1[k]!;
      if (n >= 0 && b.owner[n] === country && b.landmark[n] === LANDMARK.banner) return false;
    }
    return true;
  };
  const settledByPlacing: number[] = [];
  const place = (i: number): void => {
    b.landmark[i] = LANDMARK.banner;
    b.settled[i] = 1;
    settledByPlacing.length = 0;
    for (let k = i * RING1, end = k + RING1; k < end; k++) {
      const n = b.ring1[k]!;
      if (n >= 0 && b.owner[n] === country && b.settled[n] === 0) {
        b.settled[n] = 1;
        settledByPlacing.push(n);
      }
    }
    addUnit(b, i, country, 1, 1);
    b.hand--;
  };
  const unplace = (i: number): void => {
    b.hand++;
    removeUnit(b, i);
    for (const n of settledByPlacing) b.settled[n] = 0;
    b.settled[i] = 0;
    b.landmark[i] = LANDMARK.none;
  };
  const lure = w.lure > 0 ? lureMap(b) : undefined;
  const placeBanners = (): void => {
    while (b.hand > 0) {
      let best = -1;
      let bestGain = MIN_GAIN;
      for (let i = 0; i < b.size; i++) {
        if (!canPlace(i)) continue;
        if (!canSpend(1)) return;
        region.clear();
        region.around(b, i);
        const before = region.value(b, w, maps);
        place(i);
        const gain = region.value(b, w, maps) - before - (lure ? w.lure * lure[i]! : 0);
        unplace(i);
        if (gain > bestGain) {
          best = i;
          bestGain = gain;
        }
      }
      if (best === -1) return;
      place(best);
      actions.push({ id: 'place_banner', info: { country, ...pos(best) } });
    }
  };

  // ---- units ----
  const bestGain = new Float64Array(b.size).fill(Number.NEGATIVE_INFINITY);
  const bestTo = new Int32Array(b.size).fill(-1);
  const bestTarget = new Int32Array(b.size).fill(-1);
  /** Values every choice of the unit on `from`; false when the budget ran out. */
  const valueUnit = (from: number): boolean => {
    let gain = 0; // staying put
    let to = -1;
    let target = -1;
    const consider = (t: number, d: number): boolean => {
      const g = choiceGain(from, t, d);
      if (Number.isNaN(g)) return false;
      if (g > gain + MIN_GAIN) {
        gain = g;
        to = t;
        target = d;
      }
      return true;
    };
    for (let k = from * RING1, end = k + RING1; k < end; k++) {
      const d = b.ring1[k]!;
      if (d >= 0 && isTarget(d) && !consider(-1, d)) return false;
    }
    if (b.moved[from] === 0) {
      for (let k = from * RING1, end = k + RING1; k < end; k++) {
        const t = b.ring1[k]!;
        if (t < 0 || b.unit[t] !== NONE) continue;
        if (!consider(t, -1)) return false;
        for (let k2 = t * RING1, end2 = k2 + RING1; k2 < end2; k2++) {
          const d = b.ring1[k2]!;
          if (d >= 0 && isTarget(d) && !consider(t, d)) return false;
        }
      }
    }
    bestGain[from] = gain;
    bestTo[from] = to;
    bestTarget[from] = target;
    return true;
  };

  placeBanners();
  // The units that can still act, front first (the budget goes where the fighting is).
  let ready: number[] = [];
  for (let i = 0; i < b.size; i++) if (b.unit[i] === country && b.attacked[i] === 0) ready.push(i);
  ready.sort((p, q) => dist[p]! - dist[q]! || p - q);
  for (const i of ready) if (!valueUnit(i)) break;

  while (!stopped) {
    let from = -1;
    for (const i of ready) if (bestGain[i]! > MIN_GAIN && (from === -1 || bestGain[i]! > bestGain[from]!)) from = i;
    if (from === -1) break;
    const to = bestTo[from]!;
    const target = bestTarget[from]!;
    let at = from;
    let chest = false;
    if (to >= 0) {
      chest = step(from, to);
      actions.push({ id: 'move_unit', info: { country, from: pos(from), to: pos(to) } });
      at = to;
    }
    if (target >= 0) {
      const p = winChance(searchWar(b, at, target) + bonus);
      const attack = { country, from: pos(at), to: pos(target) };
      actions.push({ id: 'move_unit', info: bonus ? { ...attack, bonus } : attack });
      b.locked[target] = 1;
      // Play on from the likelier outcome; the plan stays legal either way (the target tile is locked).
      const moved = b.moved[at]!;
      removeUnit(b, at);
      if (p >= 0.5) {
        removeUnit(b, target);
        addUnit(b, target, country, moved, 1);
      }
    }
    bestGain[from] = Number.NEGATIVE_INFINITY;
    if (chest) placeBanners();
    // Value again every unit whose choices could have changed, front first as before.
    const touched = [from, to, target].filter((t) => t >= 0);
    const near = (i: number) =>
      touched.some((t) => {
        const dx = Math.abs((i % b.width) - (t % b.width));
        const dy = Math.abs(Math.floor(i / b.width) - Math.floor(t / b.width));
        return dx <= REACH && dy <= REACH;
      });
    const next: number[] = [];
    for (const i of ready) if (i !== from && b.unit[i] === country && b.attacked[i] === 0) next.push(i);
    if (to >= 0 && b.unit[to] === country && b.attacked[to] === 0) next.push(to);
    next.sort((p, q) => dist[p]! - dist[q]! || p - q);
    ready = next;
    for (const i of ready) if ((chest || near(i)) && !valueUnit(i)) break;
  }

  actions.push({ id: 'next_turn', info: { country } });
  return { actions, nodes, complete: !stopped };
}
