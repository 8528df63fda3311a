/** move_unit (RULES §4.3, §4.4). */
import { LANDMARK } from '../constants.js';
import { isGameOver } from '../game.js';
import { indexOf } from '../grid.js';
import { createRng, type Rng } from '../rng.js';
import { withUnit } from '../tiles.js';
import { ok, refuse, type GameData, type Result, type RuleError } from '../types.js';
import { canMoveTo, warModifier } from '../war.js';
import type { MoveUnitInfo } from './types.js';

/** Requires (both tiles on the map: the dispatcher's `offMapProblem`): running, the country's turn, its own unit at `from`, and `to` among that unit's moveable tiles. */
export function actable(game: GameData, info: MoveUnitInfo): Result<void, RuleError> {
  if (!game.running) return refuse('not_actable', 'The game has not started.');
  if (isGameOver(game)) return refuse('game_over', 'The game is over.');
  if (game.turn.type !== info.country) return refuse('not_your_turn', 'It is not your turn.');
  const unit = game.tiles[indexOf(game, info.from.x, info.from.y)]!.unit;
  if (!unit) return refuse('not_actable', 'There is no unit on that tile.');
  if (unit.id !== info.country) return refuse('not_actable', 'That unit is not yours.');
  if (unit.attacked) return refuse('not_actable', 'That unit has already attacked this turn.');
  if (!canMoveTo(game, info.from, info.to, info.country)) return refuse('not_actable', 'That unit cannot go there.');
  return ok(undefined);
}

/** The outcome of a fight, for display: both dice and the modifiers that decided it. */
export interface FightResult {
  readonly attackRoll: number;
  readonly defendRoll: number;
  readonly war: number;
  readonly bonus: number;
  readonly result: number;
  readonly won: boolean;
}

/** The fight a move would start, computed with the rng the action is applied with. */
export function rollFight(game: GameData, info: MoveUnitInfo, rng: Rng): FightResult {
  const attackRoll = rng.dice();
  const defendRoll = rng.dice();
  const war = warModifier(game, info.from, info.to);
  const bonus = info.bonus ?? 0;
  const result = attackRoll - defendRoll + war + bonus;
  return { attackRoll, defendRoll, war, bonus, result, won: result > 0 };
}

/**
 * The fight a logged move_unit decided, recomputed from the state before it and its seed (the dice are
 * the action's first draws); null when the move was not an attack. For showing dice and modifiers.
 */
export function fightOutcome(game: GameData, info: MoveUnitInfo, seed: number): FightResult | null {
  if (!actable(game, info).ok) return null;
  if (!game.tiles[indexOf(game, info.to.x, info.to.y)]!.unit) return null;
  return rollFight(game, info, createRng(seed));
}

/** Moves to an empty tile (picking up a chest) or fights the enemy unit there. */
export function apply(game: GameData, info: MoveUnitInfo, rng: Rng): GameData {
  const tiles = game.tiles.slice();
  const fromIndex = indexOf(game, info.from.x, info.from.y);
  const toIndex = indexOf(game, info.to.x, info.to.y);
  const source = tiles[fromIndex]!;
  const target = tiles[toIndex]!;
  const unit = source.unit!;
  tiles[fromIndex] = withUnit(source, undefined);

  if (!target.unit) {
    const chest = target.landmark === LANDMARK.chest;
    tiles[toIndex] = {
      ...withUnit(target, { ...unit, moved: true }),
      landmark: chest ? LANDMARK.none : target.landmark,
    };
    const countries = chest
      ? game.countries.map((c) => (c.id === unit.id ? { ...c, banners: c.banners + 1 } : c))
      : game.countries;
    return { ...game, tiles, countries };
  }

  const fight = rollFight(game, info, rng);
  if (fight.won) tiles[toIndex] = withUnit(target, { ...unit, attacked: true });
  return { ...game, tiles };
}
