/** The plain-data shapes of the game (RULES §1, §8). Everything here is JSON-able. */
import type { CountryId, Landmark, PlayableCountry, TileType, TurnType } from './constants.js';

export interface Pos {
  readonly x: number;
  readonly y: number;
}

/** A unit belongs to the country whose id it carries. */
export interface Unit {
  readonly id: PlayableCountry;
  readonly attacked: boolean;
  readonly moved: boolean;
}

export interface Tile {
  readonly pos: Pos;
  readonly owner: CountryId;
  readonly type: TileType;
  readonly landmark: Landmark;
  readonly unit?: Unit;
}

export interface Country {
  readonly id: PlayableCountry;
  readonly banners: number;
}

export interface Turn {
  readonly count: number;
  readonly type: TurnType;
}

/** Game data (RULES §1). Tiles are row-major: index `x + y * width`. */
export interface GameData {
  readonly countries: readonly Country[];
  readonly tiles: readonly Tile[];
  readonly running: boolean;
  readonly turn: Turn;
  readonly width: number;
  readonly height: number;
  /** The map seed. */
  readonly seed: number;
  /** The random generator's state after the last action (RULES §5.1). */
  readonly rng: number;
}

/** The reason a check failed: a code from a closed set plus a human-readable message. */
export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: string;
}
/**
 * `invalid_payload`: the input is not an action of the shape of RULES §4.1 (see `parseAction`); it is
 * spelled as the server's acknowledgement code, which forwards engine codes as they are.
 */
export const RULE_ERROR_CODES = [
  'invalid_payload',
  'not_actable',
  'not_your_turn',
  'game_running',
  'game_over',
] as const;
export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}
export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}
/** A failed rule check. */
export function refuse(code: RuleErrorCode, message: string): { readonly ok: false; readonly error: RuleError } {
  return err({ code, message });
}
