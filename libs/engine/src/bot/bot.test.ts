/** Bots (RULES §6). */
import { describe, expect, it } from 'vitest';
import { applyLegal, type GameAction } from '../actions/index.js';
import { BOT_TUNING, LANDMARK } from '../constants.js';
import { findCountry } from '../game.js';
import { board } from '../testing/board.js';
import type { GameData } from '../types.js';
import { warModifier } from '../war.js';
import { bannerCandidates, playBotTurn, safetyMap } from './bot.js';

const ids = (actions: { action: GameAction }[]) => actions.map((a) => a.action.id);
const replay = (game: GameData, actions: { action: GameAction; seed: number }[]) =>
  actions.reduce((g, a) => applyLegal(g, a.action, a.seed), game);

describe('bot turns', () => {
  it('returns no actions when it is not the bot’s turn', () => {
    const game = board(`Gn-g Pn-p`, { turn: 1 });
    expect(playBotTurn(game, 0, 'hard', 1)).toEqual([]);
  });

  it('ends its turn with next_turn, and its actions replayed in order reproduce the turn', () => {
    const game = board(`
      Gn-g Gn-- Pn-- Pn-p
      Gn-- Gn-- Pn-- Pn--
    `);
    const actions = playBotTurn(game, 0, 'normal', 7);
    expect(ids(actions).at(-1)).toBe('next_turn');
    expect(playBotTurn(game, 0, 'normal', 7)).toEqual(actions);
    const after = replay(game, actions);
    expect(after.turn.type).toBe(1);
  });
});

describe('bot step 1: banners on the safest own tiles (RULES §6 step 1)', () => {
  it('safety is the Chebyshev ring radius of the nearest foreign tile, -1 when there is none', () => {
    const game = board(`Gn-- Gn-- Gn-- Pn--`);
    expect([...safetyMap(game, 0)]).toEqual([3, 2, 1, 0]);
    const alone = board(`Gn-- Gn--`);
    expect([...safetyMap(alone, 0)]).toEqual([-1, -1]);
  });

  it('ranks own landmark-free tiles safest first and tiles with no enemy anywhere last', () => {
    const game = board(`
      Gn-- Gn-- GnM- Gn-- Pn--
    `);
    expect(bannerCandidates(game, 0)).toEqual([0, 1, 3]);
  });

  it('places its banner on the tile farthest from enemy ground', () => {
    const game = board(`Gn-- Gn-- Gn-- Gn-g Pn-p`, {
      countries: [
        { id: 0, banners: 1 },
        { id: 1, banners: 1 },
      ],
    });
    const first = playBotTurn(game, 0, 'easy', 3)[0]!.action;
    expect(first).toEqual({ id: 'place_banner', info: { country: 0, x: 0, y: 0 } });
  });

  it('places every banner it holds, skipping tiles next to its own new banners', () => {
    const game = board(`Gn-- Gn-- Gn-- Gn-- Gn-- Gn-g Pn-p`, {
      countries: [
        { id: 0, banners: 3 },
        { id: 1, banners: 1 },
      ],
    });
    const placed = playBotTurn(game, 0, 'easy', 3).filter((a) => a.action.id === 'place_banner');
    expect(placed.map((a) => (a.action.info as { x: number }).x)).toEqual([0, 2, 4]);
  });
});

describe('bot step 2: chests (RULES §6 step 2)', () => {
  it('the first adjacent own unit that has not moved steps onto a chest and the new banner is placed at once', () => {
    const game = board(
      `
      GsBG Gs-- Gn-- Gn--
      Gs-g GnC- Gs-- Pn-p
    `,
      {
        countries: [
          { id: 0, banners: 0 },
          { id: 1, banners: 1 },
        ],
      },
    );
    const actions = playBotTurn(game, 0, 'easy', 5);
    expect(actions[0]!.action).toEqual({
      id: 'move_unit',
      info: { country: 0, from: { x: 0, y: 1 }, to: { x: 1, y: 1 } },
    });
    expect(actions[1]!.action.id).toBe('place_banner');
    const after = replay(game, actions.slice(0, 2));
    expect(findCountry(after, 0)!.banners).toBe(0);
    expect(after.tiles[5]!.landmark).toBe(LANDMARK.none);
  });
});

describe('bot step 3: free the banner tiles (RULES §6 step 4)', () => {
  it('moves a unit off its banner tile to an adjacent tile with no unit and no banner', () => {
    const game = board(
      `
      GsBg Gs-- Pn--
      Gs-- Gs-- Pn-p
    `,
      {
        countries: [
          { id: 0, banners: 0 },
          { id: 1, banners: 1 },
        ],
      },
    );
    const after = replay(game, playBotTurn(game, 0, 'easy', 1));
    expect(after.tiles[0]!.unit).toBeUndefined();
  });

  it('moves a blocking own unit away first when every free tile around the banner is taken', () => {
    // The banner at (0,0) is boxed in by own units; (1,0) can step to (2,0).
    const game = board(
      `
      GsBg Gs-g Gs-- Gs--
      Gs-g Gs-g GsM- Pn-p
    `,
      {
        countries: [
          { id: 0, banners: 0 },
          { id: 1, banners: 1 },
        ],
      },
    );
    const actions = playBotTurn(game, 0, 'easy', 1);
    const after = replay(game, actions);
    expect(after.tiles[0]!.unit).toBeUndefined();
    const moves = actions.filter((a) => a.action.id === 'move_unit').map((a) => a.action.info);
    expect(moves.length).toBeGreaterThanOrEqual(2);
  });

  it('leaves a unit on its banner when nothing around can move', () => {
    const game = board(
      `
      GsBg Gs-G
      Gs-G Gs-G
    `,
      {
        countries: [
          { id: 0, banners: 0 },
          { id: 1, banners: 0 },
        ],
      },
    );
    const actions = playBotTurn(game, 0, 'hard', 1);
    expect(ids(actions)).toEqual(['next_turn']);
  });
});

describe('bot step 4: attack when bonus + margin > -war (RULES §6)', () => {
  // Green at (1,0) faces purple at (2,0); purple has a friend at (3,0): war = mod(green) - mod(purple) = -0.5 - 0 = -0.5.
  const game = board(`Gs-- Gs-g Ps-p Ps-p`, {
    countries: [
      { id: 0, banners: 0 },
      { id: 1, banners: 0 },
    ],
  });
  const attacks = (difficulty: 'easy' | 'normal' | 'hard') =>
    playBotTurn(game, 0, difficulty, 11).filter(
      (a) => a.action.id === 'move_unit' && (a.action.info as { to: { x: number } }).to.x === 2,
    );

  it('the war modifier of the fixture is -0.5', () => {
    expect(warModifier(game, { x: 1, y: 0 }, { x: 2, y: 0 })).toBe(-0.5);
  });

  it('an easy bot (0 + 0) does not attack at war -0.5', () => {
    expect(attacks('easy')).toEqual([]);
  });

  it('normal (2 + 1) and hard (4 + 2) bots attack, carrying their attack bonus in the action', () => {
    for (const d of ['normal', 'hard'] as const) {
      const [attack] = attacks(d);
      expect(attack).toBeDefined();
      expect((attack!.action.info as { bonus?: number }).bonus).toBe(BOT_TUNING[d].bonus);
    }
  });

  it('a stand-in for an away person attacks with no bonus: normal (0 + 1) and hard (0 + 2) still beat war -0.5', () => {
    for (const d of ['normal', 'hard'] as const) {
      const standIn = playBotTurn(game, 0, d, 11, { standIn: true }).filter(
        (a) => a.action.id === 'move_unit' && (a.action.info as { to: { x: number } }).to.x === 2,
      );
      expect(standIn).toHaveLength(1);
      expect(standIn[0]!.action.info).not.toHaveProperty('bonus');
    }
    expect(playBotTurn(game, 0, 'easy', 11, { standIn: true })).toEqual(playBotTurn(game, 0, 'easy', 11));
  });

  it('a stand-in holds back where only the bonus made the attack worth it (war -1.5: 0 + 1 is not > 1.5)', () => {
    // A second purple friend behind the defender: war = -0.5 - 1 = -1.5.
    const held = board(`Gs-- Gs-g Ps-p Ps-p\n.s-- .s-- Ps-p .s--`, {
      countries: [
        { id: 0, banners: 0 },
        { id: 1, banners: 0 },
      ],
    });
    const war = warModifier(held, { x: 1, y: 0 }, { x: 2, y: 0 });
    expect(war).toBe(-1.5);
    const at = (actions: ReturnType<typeof playBotTurn>) =>
      actions.filter((a) => a.action.id === 'move_unit' && (a.action.info as { to: { x: number } }).to.x === 2);
    expect(at(playBotTurn(held, 0, 'normal', 11))).toHaveLength(1);
    expect(at(playBotTurn(held, 0, 'normal', 11, { standIn: true }))).toEqual([]);
  });

  it('an easy bot attacks when the war modifier favours it (forest under the attacker)', () => {
    const forest = board(`Gs-- GsFg Ps-p Ps-p`, {
      countries: [
        { id: 0, banners: 0 },
        { id: 1, banners: 0 },
      ],
    });
    expect(warModifier(forest, { x: 1, y: 0 }, { x: 2, y: 0 })).toBe(1.5);
    const actions = playBotTurn(forest, 0, 'easy', 11);
    expect(
      actions.some((a) => a.action.id === 'move_unit' && (a.action.info as { to: { x: number } }).to.x === 2),
    ).toBe(true);
  });

  it('a unit that already attacked does not attack again', () => {
    const tired = board(`Gs-- Gs-G Ps-p Ps-p`, {
      countries: [
        { id: 0, banners: 0 },
        { id: 1, banners: 0 },
      ],
    });
    expect(ids(playBotTurn(tired, 0, 'hard', 1))).toEqual(['next_turn']);
  });
});
