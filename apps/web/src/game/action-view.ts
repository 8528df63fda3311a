/**
 * What one folded game action looks like on screen: the fight to show, the move or banner to trail and
 * the feed lines. Shared by the offline session (which writes the log) and the online one (which
 * folds the server's), so both show a turn the same way.
 */
import {
  fightOutcome,
  type FightResult,
  type GameAction,
  type GameData,
  type PlayableCountry,
  type Pos,
  type WarParts,
  warParts,
} from '@four-banners/engine';
import { feedEntries, type FeedEntry } from './feed';

/** A fight to show: both dice, the modifier and its parts (ARCHITECTURE §7.10). */
export interface FightView extends FightResult {
  readonly seq: number;
  /** What the modifier is made of (RULES §4.4), counted before the fight. */
  readonly parts: WarParts;
  readonly attacker: PlayableCountry;
  readonly defender: PlayableCountry;
  readonly from: Pos;
  readonly to: Pos;
}

/** The last move or banner, for a brief trail and ping on the board (a banner has from = to). */
export interface MoveView {
  readonly seq: number;
  readonly kind: 'move' | 'banner';
  readonly country: PlayableCountry;
  readonly from: Pos;
  readonly to: Pos;
}

export interface ActionView {
  /** Set when the action was a fight. */
  readonly fight: FightView | null;
  /** Set when the action moved a unit or raised a banner. */
  readonly move: MoveView | null;
  readonly news: readonly FeedEntry[];
}

/** Describes `action` (logged at `seq` with `seed`), folded from `before` to `after`. */
export function describeAction(
  seq: number,
  before: GameData,
  after: GameData,
  action: GameAction,
  seed: number,
): ActionView {
  let fight: FightView | null = null;
  let move: MoveView | null = null;
  let result: FightResult | null = null;
  let defender: PlayableCountry | undefined;
  if (action.id === 'move_unit') {
    result = fightOutcome(before, action.info, seed);
    defender = before.tiles[action.info.to.x + action.info.to.y * before.width]?.unit?.id;
    move = { seq, kind: 'move', country: action.info.country, from: action.info.from, to: action.info.to };
    if (result && defender !== undefined) {
      const { from, to } = action.info;
      fight = { ...result, seq, parts: warParts(before, from, to), attacker: action.info.country, defender, from, to };
    }
  }
  if (action.id === 'place_banner') {
    const at = { x: action.info.x, y: action.info.y };
    move = { seq, kind: 'banner', country: action.info.country, from: at, to: at };
  }
  return { fight, move, news: feedEntries(seq, before, after, action, result, defender) };
}
