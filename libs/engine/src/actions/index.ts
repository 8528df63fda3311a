/** The action dispatcher: check and apply any handled action with its own seed (RULES §5.2). */
import { inBounds } from '../grid.js';
import { createRng } from '../rng.js';
import { ok, refuse, type GameData, type Result, type RuleError } from '../types.js';
import * as addCountry from './add-country.js';
import * as generate from './generate.js';
import * as moveUnit from './move-unit.js';
import * as nextTurn from './next-turn.js';
import * as placeBanner from './place-banner.js';
import * as removeCountry from './remove-country.js';
import * as start from './start.js';
import { parseAction } from './parse-action.js';
import type { GameAction, UnknownAction } from './types.js';

/**
 * Whether `action` may be applied to `game`; the reason when it may not. Any value is answered, never
 * thrown on: a malformed one with `invalid_payload`, a RULES §4.1 id the game does not handle
 * (`pause`, `resume`, `stop`) with `not_actable` (see `parseAction`).
 */
export function actable(game: GameData, action: GameAction | UnknownAction): Result<void, RuleError> {
  const parsed = parseAction(action);
  return parsed.ok ? rulesAllow(game, parsed.value) : parsed;
}

/**
 * Whether a well-formed action names a tile off the map: `invalid_payload`, before any rule, since the
 * map's bounds are part of the action's shape on this game (RULES §4.1). The one place this is decided:
 * the server asks it where PROTOCOL §3.4 orders it, `actable` asks it first.
 */
export function offMapProblem(game: Pick<GameData, 'width' | 'height'>, action: GameAction): RuleError | null {
  const tiles =
    action.id === 'place_banner' ? [action.info] : action.id === 'move_unit' ? [action.info.from, action.info.to] : [];
  if (tiles.every((tile) => inBounds(game, tile.x, tile.y))) return null;
  return { code: 'invalid_payload', message: 'That tile is off the map.' };
}

/** The rules' check of a well-formed action. */
function rulesAllow(game: GameData, action: GameAction): Result<void, RuleError> {
  const offMap = offMapProblem(game, action);
  if (offMap) return refuse(offMap.code, offMap.message);
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

/**
 * Applies `action` with a fresh rng seeded from `seed`, or returns why it is not actable, with the codes
 * of `actable` (the game is then unchanged: the same object is never modified).
 */
export function applyAction(
  game: GameData,
  action: GameAction | UnknownAction,
  seed: number,
): Result<GameData, RuleError> {
  const parsed = parseAction(action);
  return parsed.ok ? applyWellFormed(game, parsed.value, seed) : parsed;
}

/** `applyAction` once the shape is known good: the rules' check, then the effect. */
function applyWellFormed(game: GameData, action: GameAction, seed: number): Result<GameData, RuleError> {
  const check = rulesAllow(game, action);
  if (!check.ok) return check;
  const rng = createRng(seed);
  let next: GameData;
  switch (action.id) {
    case 'start':
      next = start.apply(game, action.info, rng);
      break;
    case 'next_turn':
      next = nextTurn.apply(game, action.info, rng);
      break;
    case 'generate':
      // Map generation draws from its own rng seeded with the map seed (RULES §5.2).
      return ok(generate.apply(game, action.info));
    case 'add_country':
      next = addCountry.apply(game, action.info);
      break;
    case 'remove_country':
      next = removeCountry.apply(game, action.info, rng);
      break;
    case 'place_banner':
      next = placeBanner.apply(game, action.info);
      break;
    case 'move_unit':
      next = moveUnit.apply(game, action.info, rng);
      break;
  }
  return ok({ ...next, rng: rng.state() });
}

/** Applies an action that must be legal; a refusal here is a bug in the caller, so it throws. */
export function applyLegal(game: GameData, action: GameAction, seed: number): GameData {
  const result = applyAction(game, action, seed);
  if (!result.ok) throw new Error(`illegal ${action.id}: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

export type { FightResult } from './move-unit.js';
export { fightOutcome, rollFight } from './move-unit.js';
export { actionLabel, parseAction } from './parse-action.js';
export * from './types.js';
