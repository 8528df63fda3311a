/** The payloads of the handled game actions (RULES §4.1). */
import type { PlayableCountry } from '../constants.js';
import type { Pos } from '../types.js';

/** `start` carries no fields: any object (the protocol sends `{}`). */
export type StartInfo = Record<never, never>;
export interface CountryInfo {
  readonly country: PlayableCountry;
}
export interface GenerateInfo {
  readonly w: number;
  readonly h: number;
  readonly seed: number;
}
export interface PlaceBannerInfo {
  readonly country: PlayableCountry;
  readonly x: number;
  readonly y: number;
}
export interface MoveUnitInfo {
  readonly country: PlayableCountry;
  readonly from: Pos;
  readonly to: Pos;
  /** Only in bot actions the server logged; never accepted from a client. */
  readonly bonus?: number;
}

export type GameAction =
  | { readonly id: 'start'; readonly info: StartInfo }
  | { readonly id: 'next_turn'; readonly info: CountryInfo }
  | { readonly id: 'generate'; readonly info: GenerateInfo }
  | { readonly id: 'add_country'; readonly info: CountryInfo }
  | { readonly id: 'remove_country'; readonly info: CountryInfo }
  | { readonly id: 'place_banner'; readonly info: PlaceBannerInfo }
  | { readonly id: 'move_unit'; readonly info: MoveUnitInfo };

/**
 * What the dispatcher also takes: any value at all (a log entry read back, a message off the wire),
 * so callers holding unchecked input need no cast. `parseAction` checks it before any rule runs.
 */
export type UnknownAction = unknown;

/** An action together with the seed it is applied with (each action reseeds the rng: RULES §5.2). */
export interface SeededAction {
  readonly action: GameAction;
  readonly seed: number;
}
