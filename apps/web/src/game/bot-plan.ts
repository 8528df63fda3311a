/**
 * Plans one offline bot turn under the offline budget (ARCHITECTURE §7.5), and the messages that carry
 * such a plan to and from the bots' worker. Used by the worker and, where there is none, by the page.
 */
import {
  EXPERT_NODE_BUDGET,
  playBotTurn,
  type Difficulty,
  type GameData,
  type PlayableCountry,
  type SeededAction,
} from '@four-banners/engine';

/** One bot turn to plan: the game as it stands and the bot to move. */
export interface BotRequest {
  readonly game: GameData;
  readonly country: PlayableCountry;
  readonly difficulty: Difficulty;
  /** Seeds the turn's actions (the dice), never the search. */
  readonly seed: number;
}

/**
 * The offline budget of a turn: the expert's node budget, and a wall-clock cap so a slow phone still gets
 * a move within about a second (the pace setting adds its pause on top). The clock is read only while
 * planning: what was planned is logged, so the cap never makes a replay differ.
 */
export const OFFLINE_BOT_BUDGET = { nodeBudget: EXPERT_NODE_BUDGET, timeCapMs: 1000 } as const;

/** Plans in this thread. */
export function planHere(request: BotRequest): SeededAction[] {
  return playBotTurn(request.game, request.country, request.difficulty, request.seed, {
    ...OFFLINE_BOT_BUDGET,
    clock: () => performance.now(),
  });
}

/** A message to the worker and its answer. */
export interface PlanMessage {
  readonly id: number;
  readonly request: BotRequest;
}
export type PlanAnswer =
  /** `thought`: the milliseconds the worker spent planning. */
  | { readonly id: number; readonly actions: SeededAction[]; readonly thought: number }
  | { readonly id: number; readonly error: string };
