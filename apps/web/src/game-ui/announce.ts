/**
 * What the game screen says to a screen reader (issue 9 "Accessibility"): the selected unit and what it
 * may do, and each fight's result in the replay caption's words. Pure, so the words are tested alone.
 */
import type { GameData, Pos } from '@four-banners/engine';
import { countryLabel } from '../art/art';
import { UNIT_STATE_WORDS, unitState } from '../board/unit-state';
import type { FightView } from '../game/action-view';

const at = (p: Pos) => `(${p.x}, ${p.y})`;
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '±0');
const count = (n: number, one: string, many: string) =>
  n === 0 ? `no ${many}` : n === 1 ? `1 ${one}` : `${n} ${many}`;

/** The words when a deselection leaves nothing selected. */
export const SELECTION_CLEARED = 'Selection cleared';

/** "Selected Green unit at (3, 4): 3 moves, 1 attack target" (its state too when it has moved). */
export function selectionWords(game: GameData, selected: Pos, moves: number, attacks: number): string {
  const tile = game.tiles[selected.x + selected.y * game.width];
  const unit = tile?.unit;
  const who = unit ? `${countryLabel(unit.id)} unit` : 'tile';
  const state = tile ? unitState(tile) : null;
  const note = state === 'moved' ? ` (${UNIT_STATE_WORDS.moved})` : '';
  return `Selected ${who} at ${at(selected)}${note}: ${count(moves, 'move', 'moves')}, ${count(attacks, 'attack target', 'attack targets')}`;
}

/**
 * "Red attacks Purple at (3, 4) from (2, 4): dice 5 vs 2, war +1.5, result +4.5 — Red wins the fight":
 * the replay caption's sentence for a fight (replay/describe-event.ts), so both say it the same way.
 */
export function fightWords(fight: FightView): string {
  const bonus = fight.bonus ? `, bonus ${signed(fight.bonus)}` : '';
  const outcome = fight.won
    ? `${countryLabel(fight.attacker)} wins the fight`
    : `${countryLabel(fight.defender)} holds`;
  return (
    `${countryLabel(fight.attacker)} attacks ${countryLabel(fight.defender)} at ${at(fight.to)} from ${at(fight.from)}: ` +
    `dice ${fight.attackRoll} vs ${fight.defendRoll}, war ${signed(fight.war)}${bonus}, result ${signed(fight.result)} — ${outcome}`
  );
}
