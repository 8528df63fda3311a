/** Tests of game/ui/announce.ts: what the screen reader is told of fights, the selected unit and the turn. */
import { moveableTiles, type GameData, type PlayableCountry, type Pos } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { wordsText } from '../../replay/describe-event';
import { createReplay } from '../../replay/replay-model';
import { botGameLog } from '../../../test/fixtures/bot-game-logs';
import { partsText } from '../fight-words';
import { sinceLines, sinceSummary, sinceYourTurn } from '../since-your-turn';
import { SELECTION_CLEARED, fightWords, selectionWords, sinceWords } from './announce';

const log = botGameLog({ countries: 4, w: 10, h: 10, difficulty: 'easy', seed: 7 });
const replay = createReplay(log);
const frames = log.filter((e) => e.seq >= replay.startSeq).map((e) => replay.frameAt(e.seq));

describe('a fight in words for the screen reader', () => {
  it("is the replay caption's sentence for the same fight, word for word", () => {
    const fights = frames.filter((f) => f.fight && f.words.tone === 'fight');
    expect(fights.length).toBeGreaterThan(20);
    for (const frame of fights) expect(fightWords(frame.fight!)).toBe(wordsText(frame.words));
  });

  it('says who won the fight, or who held', () => {
    const fights = frames.flatMap((f) => (f.fight ? [f.fight] : []));
    const won = fights.find((f) => f.won)!;
    const held = fights.find((f) => !f.won)!;
    expect(fightWords(won)).toMatch(/ — (Green|Purple|Red|Yellow) won$/);
    expect(fightWords(held)).toMatch(/ — (Green|Purple|Red|Yellow) held$/);
  });
});

describe('the selected unit in words', () => {
  /** A unit of the country to move with somewhere to go, from the frames of the game. */
  function someSelection(): { game: GameData; pos: Pos; moves: number; attacks: number; country: PlayableCountry } {
    for (const frame of frames) {
      const game = frame.lobby.game;
      const country = game.turn.type;
      if (country < 0 || country > 3) continue;
      for (const t of game.tiles) {
        if (t.unit?.id !== country) continue;
        const reach = moveableTiles(game, t.pos, country as PlayableCountry);
        const attacks = reach.filter((p) => game.tiles[p.x + p.y * game.width]!.unit).length;
        if (reach.length > 1 && attacks > 0)
          return { game, pos: t.pos, moves: reach.length - attacks, attacks, country: country as PlayableCountry };
      }
    }
    throw new Error('no unit with moves and targets in the game');
  }

  it("names the unit's country, its tile and how many moves and targets it has", () => {
    const { game, pos, moves, attacks, country } = someSelection();
    const name = ['Green', 'Purple', 'Red', 'Yellow'][country];
    expect(selectionWords(game, pos, moves, attacks)).toMatch(
      new RegExp(`^Selected ${name} unit at \\(${pos.x}, ${pos.y}\\)(?: \\(has moved — may still attack\\))?: `),
    );
  });

  it.each([
    { moves: 3, attacks: 1, said: '3 moves, 1 attack target' },
    { moves: 1, attacks: 2, said: '1 move, 2 attack targets' },
    { moves: 0, attacks: 1, said: 'no moves, 1 attack target' },
    { moves: 5, attacks: 0, said: '5 moves, no attack targets' },
  ])('counts $moves moves and $attacks targets as "$said"', ({ moves, attacks, said }) => {
    const { game, pos } = someSelection();
    expect(selectionWords(game, pos, moves, attacks).endsWith(`: ${said}`)).toBe(true);
  });

  it('a cleared selection says so', () => {
    expect(SELECTION_CLEARED).toBe('Selection cleared');
  });
});

describe('since your turn, said once to the screen reader', () => {
  it("is the card's summary and lines, with the attacks on you counted", () => {
    // Green's turn starts in the bot game, each with what happened to green since its last pass.
    const reports = log.flatMap((e, i) => {
      if (e.kind !== 'game-action' || e.payload.id !== 'next_turn' || e.payload.info.country !== 3) return [];
      const r = sinceYourTurn({ base: null, events: log.slice(0, i + 1) }, 0);
      return r ? [r] : [];
    });
    const attacked = reports.find((r) => r.attacks.length > 1 && r.lost.length > 0)!;
    expect(attacked).toBeDefined();
    const words = sinceWords(attacked);
    expect(words.startsWith(`Since your turn: ${sinceSummary(attacked)}.`)).toBe(true);
    for (const line of sinceLines(attacked).filter((l) => !l.attack)) expect(words).toContain(partsText(line.parts));
    expect(words).not.toContain(' attacked ');
    expect(words).toContain(`${attacked.attacks.length} attacks on you`);
  });
});
