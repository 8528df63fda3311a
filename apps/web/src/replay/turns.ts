/**
 * A replay's turn index: the seq where each turn of the game begins. The turn count only changes at a
 * turn start (the game's `start`, then every `next_turn` or `remove_country` that passes the turn), so
 * the turn shown at any seq is the turn of the latest start at or before it. Banner and chest turns are
 * resolved inside the `next_turn` that reaches them, so their numbers begin at the same seq as the
 * country's turn after them (and have no entry of their own).
 */

/** Where one turn begins: the first seq whose state has `turn` as its turn count. */
export interface TurnStart {
  readonly turn: number;
  readonly seq: number;
}

/** Index of the last start with seq ≤ `seq` among the first `count` (-1 when there is none). */
export function lastStartAtOrBefore(starts: readonly TurnStart[], count: number, seq: number): number {
  let lo = 0;
  let hi = count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]!.seq <= seq) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Index of the first start whose turn is ≥ `turn` among the first `count` (`count` when there is none). */
export function firstStartFromTurn(starts: readonly TurnStart[], count: number, turn: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]!.turn < turn) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
