/**
 * What the game screen says to a screen reader (issue 9 "Accessibility"): the selected unit and what it
 * may do, each fight's result in the replay caption's words, and what happened since your last turn.
 * Pure, so the words are tested alone.
 */
import type { GameData, Pos } from '@four-banners/engine';
import { countryLabel } from '../../art/art';
import { UNIT_STATE_WORDS, unitState } from '../../board/unit-state';
import type { FightView } from '../action-view';
import { fightSentence, partsText } from '../fight-words';
import { sinceLines, sinceSummary, type SinceReport } from '../since-your-turn';

const at = (p: Pos) => `(${p.x}, ${p.y})`;
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
 * "Red attacked Purple at (3, 4) from (2, 4): 5 + 1.5 vs 2 — Red won": the replay caption's sentence for a
 * fight (game/fight-words.ts, replay/describe-event.ts), so both say it the same way.
 */
export function fightWords(fight: FightView): string {
  return partsText(fightSentence(fight, { from: fight.from, to: fight.to }));
}

/**
 * "Since your turn: Lost 3 tiles and 1 unit · gained 2 tiles. Lost 3 tiles to Red; …; 4 attacks on you":
 * the card's summary and its lines, the attacks counted rather than read out one by one (the card lists them).
 */
export function sinceWords(report: SinceReport): string {
  const lines = sinceLines(report)
    .filter((l) => !l.attack)
    .map((l) => partsText(l.parts));
  const attacks = report.attacks.length;
  if (attacks > 0) lines.push(`${attacks} ${attacks === 1 ? 'attack' : 'attacks'} on you`);
  return `Since your turn: ${sinceSummary(report)}.${lines.length > 0 ? ` ${lines.join('; ')}.` : ''}`;
}
