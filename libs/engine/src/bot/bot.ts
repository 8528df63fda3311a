/**
 * Bots (RULES §6). A bot's turn is returned as the list
 * of seeded actions it takes, ending with next_turn; applying them in order reproduces the turn, so the
 * server logs them and a replay never runs bot code. The expert searches its turn (expert.ts); easy,
 * normal and hard follow the steps below.
 *
 * The steps' turn: (1) banners on the safest own tiles; (2) chests; capture: step onto free enemy banner
 * tiles; (3) free own banner tiles, stepping toward the objective; advance: every other unit steps toward
 * the objective; (4) attack where bonus + margin > -war, banner guards first, then the best odds; advance
 * again so the line that moved up is backed. Steps marked "added" (RULES §6) are what make games end:
 * without them a country whose banners were captured but left empty lives for ever, and reserves idle
 * behind a front that never moves (see the README's bot notes for the measured effect).
 */
import { actable, applyLegal } from '../actions/index.js';
import type { GameAction, SeededAction } from '../actions/types.js';
import { BOT_TUNING, LANDMARK, type Difficulty, type PlayableCountry } from '../constants.js';
import { findCountry, isGameOver } from '../game.js';
import { neighbourIndices } from '../grid.js';
import { createRng, drawSeed } from '../rng.js';
import { whoseTurn } from '../turns.js';
import type { GameData } from '../types.js';
import { warModifier } from '../war.js';
import { type ExpertOptions, planExpertTurn } from './expert.js';

/**
 * Distance from every tile to the nearest tile matching `isSource`, in 8-neighbour steps (-1 where no
 * source exists). A multi-source breadth-first search; on an open grid this is the Chebyshev distance.
 */
function distanceMap(game: GameData, isSource: (tile: GameData['tiles'][number]) => boolean): Int32Array {
  const n = game.tiles.length;
  const dist = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) {
    if (!isSource(game.tiles[i]!)) continue;
    dist[i] = 0;
    queue[tail++] = i;
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const x = i % game.width;
    for (const nb of neighbourIndices(game, x, (i - x) / game.width)) {
      if (dist[nb] !== -1) continue;
      dist[nb] = dist[i]! + 1;
      queue[tail++] = nb;
    }
  }
  return dist;
}

/**
 * Safety of every tile for `country` (RULES §6 step 1): the smallest Chebyshev ring radius
 * d ≥ 1 holding a tile owned by someone else, or -1 when no ring does (0 on foreign tiles).
 */
export function safetyMap(game: GameData, country: PlayableCountry): Int32Array {
  return distanceMap(game, (t) => t.owner !== country && t.owner !== -1);
}

/**
 * Where the bot's units head. Force is concentrated on one objective: the enemy banner tile (a country
 * stays alive while it owns one) nearest to any of the bot's units and not already held by one of them;
 * with no such banner, the nearest foreign ground. Returns the distance of every tile to the objective.
 */
export function objectiveMap(game: GameData, country: PlayableCountry, safety: Int32Array): Int32Array {
  const fromUnits = distanceMap(game, (t) => t.unit?.id === country);
  let target = -1;
  game.tiles.forEach((t, i) => {
    if (t.landmark !== LANDMARK.banner || t.owner === country || t.owner === -1 || t.unit?.id === country) return;
    if (fromUnits[i] === -1) return;
    if (target === -1 || fromUnits[i]! < fromUnits[target]!) target = i;
  });
  return target === -1 ? safety : distanceMap(game, (t) => t === game.tiles[target]);
}

/** The bot's banner candidates: own tiles with no landmark, safest first, unsafe-less (-1) last. */
export function bannerCandidates(
  game: GameData,
  country: PlayableCountry,
  safety = safetyMap(game, country),
): number[] {
  const rank = (i: number) => (safety[i] === -1 ? Number.POSITIVE_INFINITY : -safety[i]!);
  const out: number[] = [];
  game.tiles.forEach((t, i) => {
    if (t.owner === country && t.landmark === LANDMARK.none) out.push(i);
  });
  // Array.prototype.sort is stable, so ties keep row-major order.
  return out.sort((a, b) => rank(a) - rank(b));
}

/** What a caller may bound a bot turn with: the expert's node budget and optional wall-clock cap (the step bots ignore it). */
export type BotTurnOptions = ExpertOptions;

/** A bot's turn with what its search cost: the expert's evaluations (0 for the step bots). */
export interface BotTurn {
  readonly actions: SeededAction[];
  readonly nodes: number;
  /** False when the node budget or the time cap stopped the expert's search before it ran out of gains. */
  readonly complete: boolean;
}

/**
 * Plays one bot turn for `country` and returns its seeded actions (empty if it is not its turn). Each
 * action's seed is drawn from a generator seeded with `seed` (RULES §6). The expert plans its whole turn
 * first (expert.ts), so its actions never depend on `seed`; the other difficulties follow the steps.
 */
export function playBotTurn(
  game: GameData,
  country: PlayableCountry,
  difficulty: Difficulty,
  seed: number,
  options: BotTurnOptions = {},
): SeededAction[] {
  return botTurn(game, country, difficulty, seed, options).actions;
}

/** `playBotTurn`, with the search's cost (what the server counts against its budget). */
export function botTurn(
  game: GameData,
  country: PlayableCountry,
  difficulty: Difficulty,
  seed: number,
  options: BotTurnOptions = {},
): BotTurn {
  if (difficulty === 'expert') {
    const rng = createRng(seed);
    const planned = planExpertTurn(game, country, options);
    return {
      actions: planned.actions.map((action) => ({ action, seed: drawSeed(rng) })),
      nodes: planned.nodes,
      complete: planned.complete,
    };
  }
  return { actions: playStepTurn(game, country, difficulty, seed, options.standIn ?? false), nodes: 0, complete: true };
}

/** A turn of the step bots (easy, normal, hard): RULES §6 steps 1–7. */
function playStepTurn(
  game: GameData,
  country: PlayableCountry,
  difficulty: Exclude<Difficulty, 'expert'>,
  seed: number,
  standIn: boolean,
): SeededAction[] {
  if (whoseTurn(game) !== country || isGameOver(game)) return [];
  const { margin } = BOT_TUNING[difficulty];
  const bonus = standIn ? 0 : BOT_TUNING[difficulty].bonus;
  const rng = createRng(seed);
  const taken: SeededAction[] = [];
  let g = game;

  const act = (action: GameAction): boolean => {
    if (!actable(g, action).ok) return false;
    const s = drawSeed(rng);
    g = applyLegal(g, action, s);
    taken.push({ action, seed: s });
    return true;
  };
  const banners = () => findCountry(g, country)?.banners ?? 0;
  const pos = (i: number) => g.tiles[i]!.pos;
  const move = (from: number, to: number, withBonus?: number): boolean =>
    act({
      id: 'move_unit',
      info: withBonus
        ? { country, from: pos(from), to: pos(to), bonus: withBonus }
        : { country, from: pos(from), to: pos(to) },
    });
  const canStep = (i: number) => {
    const u = g.tiles[i]!.unit;
    return u?.id === country && !u.moved && !u.attacked;
  };

  // (1) Banners on the safest own tiles. Ownership does not change during the turn, so rank once.
  const safety = safetyMap(g, country);
  const candidates = banners() > 0 ? bannerCandidates(g, country, safety) : [];
  const placeBanners = () => {
    for (const i of candidates) {
      if (banners() <= 0) return;
      const t = g.tiles[i]!;
      if (t.landmark !== LANDMARK.none || t.unit) continue;
      act({ id: 'place_banner', info: { country, x: t.pos.x, y: t.pos.y } });
    }
  };
  placeBanners();

  // (2) Chests: the first adjacent own unit that has not moved steps on; a new banner is placed at once.
  const chests: number[] = [];
  g.tiles.forEach((t, i) => t.landmark === LANDMARK.chest && chests.push(i));
  for (const chest of chests) {
    const x = chest % g.width;
    const carrier = neighbourIndices(g, x, (chest - x) / g.width).find(canStep);
    if (carrier === undefined) continue;
    const before = banners();
    if (move(carrier, chest) && banners() > before) {
      if (candidates.length === 0) candidates.push(...bannerCandidates(g, country, safety));
      placeBanners();
    }
  }

  // Capture (added: beyond the bot's four core steps): a free enemy banner tile is only taken by standing on it at
  // the start of two of our turns, so an adjacent unit that can still step goes there. Without this a
  // country whose banners are all captured-but-empty stays alive for ever and the game never ends.
  const enemyBanners: number[] = [];
  g.tiles.forEach((t, i) => {
    if (t.landmark === LANDMARK.banner && t.owner !== country && !t.unit) enemyBanners.push(i);
  });
  for (const target of enemyBanners) {
    const x = target % g.width;
    const taker = neighbourIndices(g, x, (target - x) / g.width).find(canStep);
    if (taker !== undefined) move(taker, target);
  }

  // (3) Free the banner tiles so they spawn again: step off, moving blockers away first (depth-first).
  const objective = objectiveMap(g, country, safety);
  const frontRank = (i: number) => (objective[i] === -1 ? Number.MAX_SAFE_INTEGER : objective[i]!);
  const free = (i: number, visited: Set<number>): boolean => {
    visited.add(i);
    if (!canStep(i)) return false;
    const x = i % g.width;
    // Toward the front: the least safe tiles first (enemy ground is 0), ties in scan order.
    const around = neighbourIndices(g, x, (i - x) / g.width)
      .filter((n) => g.tiles[n]!.landmark !== LANDMARK.banner)
      .sort((a, b) => frontRank(a) - frontRank(b));
    for (const n of around) if (!g.tiles[n]!.unit && move(i, n)) return true;
    for (const n of around) {
      if (g.tiles[n]!.unit?.id !== country || visited.has(n)) continue;
      if (free(n, visited) && move(i, n)) return true;
    }
    return false;
  };
  const occupiedBanners: number[] = [];
  g.tiles.forEach((t, i) => {
    if (t.owner === country && t.landmark === LANDMARK.banner && t.unit?.id === country) occupiedBanners.push(i);
  });
  for (const b of occupiedBanners) free(b, new Set());

  // Advance (added: beyond the bot's four core steps): every other unit that can still step moves one tile closer
  // to the nearest enemy banner, so reserves reach the front instead of idling behind it for ever and
  // force gathers where taking ground ends the game.
  const advance = () => {
    const idle: number[] = [];
    g.tiles.forEach((t, i) => t.landmark !== LANDMARK.banner && canStep(i) && idle.push(i));
    for (const i of idle) {
      if (objective[i]! <= 0) continue;
      const x = i % g.width;
      let best = -1;
      for (const n of neighbourIndices(g, x, (i - x) / g.width)) {
        const t = g.tiles[n]!;
        if (t.unit || (t.landmark === LANDMARK.banner && t.owner === country) || objective[n] === -1) continue;
        if (objective[n]! < objective[i]! && (best === -1 || objective[n]! < objective[best]!)) best = n;
      }
      if (best !== -1) move(i, best);
    }
  };
  advance();

  // (4) Attack: each unit that can still attack takes the first adjacent enemy where bonus + margin > -war.
  const attackers: number[] = [];
  g.tiles.forEach((t, i) => t.unit?.id === country && !t.unit.attacked && attackers.push(i));
  for (const a of attackers) {
    const here = g.tiles[a]!;
    if (here.unit?.id !== country || here.unit.attacked) continue;
    // A unit holding an enemy banner tile stays put: leaving it would undo the capture.
    if (here.landmark === LANDMARK.banner && here.owner !== country) continue;
    const x = a % g.width;
    // Among the enemies the rule allows, those guarding a banner tile first, then the best odds.
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const n of neighbourIndices(g, x, (a - x) / g.width)) {
      const enemy = g.tiles[n]!.unit;
      if (!enemy || enemy.id === country) continue;
      const war = warModifier(g, pos(a), pos(n));
      if (!(bonus + margin > -war)) continue;
      const score = (g.tiles[n]!.landmark === LANDMARK.banner ? 100 : 0) + war;
      if (score > bestScore) {
        best = n;
        bestScore = score;
      }
    }
    if (best !== -1) move(a, best, bonus);
  }

  // Reserves that could not step before the fights fill the ground the winners left, so the line that
  // moved up is backed and can hold (added: beyond the bot's four core steps).
  advance();

  act({ id: 'next_turn', info: { country } });
  return taken;
}
