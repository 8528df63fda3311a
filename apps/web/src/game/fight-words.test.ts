/**
 * Tests of game/fight-words.ts: every fight of real bot games (replayed with the replay model) in words, and the
 * modifier in its parts.
 */
import { warModifier, type PlayableCountry, type WarParts } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { createReplay } from '../replay/replay-model';
import { botGameLog } from '../../test/fixtures/bot-game-logs';
import type { FightView } from './action-view';
import { fightSentence, fightSum, modifierBreakdown, partsText, signed } from './fight-words';

const NO_PARTS: WarParts = {
  forest: 0,
  mountains: 0,
  attackerFriends: 0,
  attackerFoes: 0,
  defenderFriends: 0,
  defenderFoes: 0,
};

/** A fight between `attacker` and `defender` with these dice, modifier and bonus (the result as RULES §4.4 makes it). */
function fight(
  attacker: PlayableCountry,
  defender: PlayableCountry,
  attackRoll: number,
  defendRoll: number,
  war: number,
  bonus = 0,
  parts: WarParts = NO_PARTS,
) {
  const result = attackRoll - defendRoll + war + bonus;
  return { attacker, defender, attackRoll, defendRoll, war, bonus, result, won: result > 0, parts };
}

/** Every fight of a whole game of hard bots (their attacks carry a bonus of 4, RULES §6). */
function fightsOfGame(difficulty: 'easy' | 'hard', seed: number): FightView[] {
  const replay = createReplay(botGameLog({ countries: 4, w: 10, h: 10, difficulty, seed }));
  return [...replay.fights];
}

describe('a fight in words (RULES §4.4: the attacker wins when roll − roll + modifier + bonus > 0)', () => {
  it('puts the modifier on the side it favours, so the bigger side is the one that won', () => {
    expect(partsText(fightSentence(fight(1, 0, 1, 2, 2.5)))).toBe('Purple attacked Green: 1 + 2.5 vs 2 — Purple won');
    expect(partsText(fightSentence(fight(1, 0, 5, 2, -3.5)))).toBe('Purple attacked Green: 5 vs 2 + 3.5 — Green held');
  });

  it('gives a tie to the defender', () => {
    expect(partsText(fightSentence(fight(2, 3, 3, 3, 0)))).toBe('Red attacked Yellow: 3 vs 3 — Yellow held');
    expect(partsText(fightSentence(fight(2, 3, 4, 2, -2)))).toBe('Red attacked Yellow: 4 vs 2 + 2 — Yellow held');
  });

  it("names a bot's bonus as its own term of the attacker's sum", () => {
    expect(partsText(fightSentence(fight(2, 0, 3, 2, -1.5, 4)))).toBe(
      'Red attacked Green: 3 + 4 bot bonus vs 2 + 1.5 — Red won',
    );
    expect(partsText(fightSentence(fight(2, 0, 1, 6, 0.5, 2)))).toBe(
      'Red attacked Green: 1 + 0.5 + 2 bot bonus vs 6 — Green held',
    );
  });

  it('with the tiles when asked: "… at (3, 4) from (2, 4): …"', () => {
    expect(partsText(fightSentence(fight(0, 1, 6, 1, 0), { from: { x: 2, y: 4 }, to: { x: 3, y: 4 } }))).toBe(
      'Green attacked Purple at (3, 4) from (2, 4): 6 vs 1 — Green won',
    );
  });

  it('over every fight of whole bot games, the sum of each side is exact and the bigger side won', () => {
    const fights = [...fightsOfGame('easy', 7), ...fightsOfGame('hard', 11)];
    expect(fights.some((f) => f.bonus > 0)).toBe(true);
    expect(fights.some((f) => f.won)).toBe(true);
    expect(fights.some((f) => !f.won)).toBe(true);
    for (const f of fights) {
      const sum = fightSum(f);
      expect(sum.attackerTotal - sum.defenderTotal).toBe(f.result);
      expect(sum.attackerTotal > sum.defenderTotal).toBe(f.won);
      for (const t of [...sum.attacker, ...sum.defender]) expect(t.value).toBeGreaterThan(0);
    }
    // Two whole bot games: about 3 s on a quiet machine, so a loaded one gets room.
  }, 30_000);
});

describe('the modifier in its parts', () => {
  it('signs each part for the side the modifier favours, and the parts add up to it', () => {
    // Forest under Purple and two Purple units beside it; one Green unit beside Green: +2 + 1 − 0.5 = +2.5.
    const parts = { ...NO_PARTS, forest: 2, attackerFriends: 2, defenderFriends: 1 };
    const favoured = modifierBreakdown(fight(1, 0, 1, 2, 2.5, 0, parts));
    expect(favoured).toEqual({
      favours: 1,
      value: 2.5,
      parts: [
        { label: 'forest', value: 2 },
        { label: '2 friends beside Purple', value: 1 },
        { label: '1 friend beside Green', value: -0.5 },
      ],
    });
    // Mountains under Green and a Red unit beside Purple: for Green, +2 and +0.5.
    const against = modifierBreakdown(fight(1, 0, 5, 2, -2.5, 0, { ...NO_PARTS, mountains: 2, attackerFoes: 1 }));
    expect(against.favours).toBe(0);
    expect(against.value).toBe(2.5);
    expect(against.parts.map((p) => `${p.label} ${signed(p.value)}`)).toEqual([
      'mountains +2',
      '1 foe beside Purple +0.5',
    ]);
  });

  it('adds up to the engine’s modifier for every fight of whole bot games', () => {
    const replay = createReplay(botGameLog({ countries: 4, w: 10, h: 10, difficulty: 'normal', seed: 3 }));
    expect(replay.fights.length).toBeGreaterThan(20);
    for (const f of replay.fights) {
      const b = modifierBreakdown(f);
      expect(b.parts.reduce((s, p) => s + p.value, 0)).toBe(b.value);
      expect(b.favours === null ? 0 : b.favours === f.attacker ? b.value : -b.value).toBe(f.war);
      // The modifier counted before the fight, on the board the fight was fought on.
      const before = replay.frameAt(f.seq - 1).lobby.game;
      expect(warModifier(before, f.from, f.to)).toBe(f.war);
    }
  });
});
