/** Tests of game/next-unit.ts: the units that can still act and the next one, checked on real bot games. */
import { actable, isCountryTurn, type GameData, type PlayableCountry, type Pos } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { createReplay } from '../replay/replay-model';
import { botGameLog } from '../../test/fixtures/bot-game-logs';
import { actableUnits, bannerSpots, nextUnit, nothingLeft, turnLeft, turnLeftWords } from './next-unit';

/** The game in the middle of each country turn of a real bot game (after some of its moves, before others). */
function midTurnGames(): { game: GameData; country: PlayableCountry }[] {
  const log = botGameLog({ countries: 3, w: 9, h: 9, difficulty: 'normal', seed: 21, maxEvents: 1500 });
  const replay = createReplay(log);
  const out: { game: GameData; country: PlayableCountry }[] = [];
  for (const e of log) {
    if (e.seq < replay.startSeq || e.kind !== 'game-action' || e.payload.id !== 'move_unit') continue;
    const game = replay.frameAt(e.seq).lobby.game;
    if (isCountryTurn(game.turn.type)) out.push({ game, country: game.turn.type });
  }
  return out;
}

const DIRS = [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => ({ dx, dy }))).filter((d) => d.dx || d.dy);

/** Whether the engine allows the unit at `from` some move or attack (RULES §4.3), asked action by action. */
function canAct(game: GameData, country: PlayableCountry, from: Pos): boolean {
  return DIRS.some(({ dx, dy }) => {
    const to = { x: from.x + dx, y: from.y + dy };
    if (to.x < 0 || to.y < 0 || to.x >= game.width || to.y >= game.height) return false;
    return actable(game, { id: 'move_unit', info: { country, from, to } }).ok;
  });
}

const games = midTurnGames();

describe('units that can still act (RULES §4.3)', () => {
  it('are exactly the units the engine would let move or attack, in row-major order', () => {
    expect(games.length).toBeGreaterThan(50);
    for (const { game, country } of games) {
      const expected = game.tiles.filter((t) => t.unit && canAct(game, country, t.pos)).map((t) => t.pos);
      expect(actableUnits(game, country)).toEqual(expected);
    }
  });

  it('none for nobody (not your turn)', () => {
    expect(actableUnits(games[0]!.game, null)).toEqual([]);
    expect(nextUnit(games[0]!.game, null, null)).toBeNull();
  });
});

describe('next unit', () => {
  it('from nothing selected goes through every unit that can act once, then comes round to the first', () => {
    const { game, country } = games.find((g) => actableUnits(g.game, g.country).length >= 3)!;
    const units = actableUnits(game, country);
    const seen: Pos[] = [];
    let at: Pos | null = null;
    for (let i = 0; i < units.length; i++) {
      at = nextUnit(game, country, at);
      seen.push(at!);
    }
    expect(seen).toEqual(units);
    expect(nextUnit(game, country, at)).toEqual(units[0]);
  });

  it('after a tile that is not one of them (a unit that is done, the cursor), picks the next one after it in reading order', () => {
    for (const { game, country } of games) {
      const units = actableUnits(game, country);
      if (units.length === 0) {
        expect(nextUnit(game, country, { x: 0, y: 0 })).toBeNull();
        continue;
      }
      const key = (p: Pos) => p.x + p.y * game.width;
      const done = game.tiles.find((t) => t.unit?.id === country && !units.some((u) => key(u) === key(t.pos)));
      if (!done) continue;
      const expected = units.find((u) => key(u) > key(done.pos)) ?? units[0];
      expect(nextUnit(game, country, done.pos)).toEqual(expected);
    }
  });
});

describe('what is left of a turn (the pass-turn dialog)', () => {
  it('counts units that can still move and those that can only attack, and banners only when one can be placed', () => {
    let onlyAttack = 0;
    for (const { game, country } of games) {
      const left = turnLeft(game, country);
      const units = actableUnits(game, country);
      expect(left.move + left.attack).toBe(units.length);
      // Only attacks are left to a unit whose every allowed target holds an enemy: one that has moved
      // (RULES §4.3), or one boxed in by units.
      const onlyAttacks = units.filter((from) =>
        DIRS.every(({ dx, dy }) => {
          const to = { x: from.x + dx, y: from.y + dy };
          if (to.x < 0 || to.y < 0 || to.x >= game.width || to.y >= game.height) return true;
          const allowed = actable(game, { id: 'move_unit', info: { country, from, to } }).ok;
          return !allowed || game.tiles[to.x + to.y * game.width]!.unit !== undefined;
        }),
      );
      expect(left.attack).toBe(onlyAttacks.length);
      onlyAttack += left.attack;
      const spots = bannerSpots(game, country);
      const inHand = game.countries.find((c) => c.id === country)!.banners;
      expect(left.banners).toBe(spots.length > 0 ? inHand : 0);
      expect(nothingLeft(left)).toBe(units.length === 0 && left.banners === 0);
      for (const s of spots)
        expect(actable(game, { id: 'place_banner', info: { country, x: s.x, y: s.y } }).ok).toBe(true);
    }
    expect(onlyAttack).toBeGreaterThan(0);
  });

  it.each([
    [{ move: 3, attack: 0, banners: 1 }, '3 units can still move, 1 banner to place'],
    [{ move: 1, attack: 1, banners: 0 }, '1 unit can still move, 1 unit can still attack'],
    [{ move: 0, attack: 2, banners: 2 }, '2 units can still attack, 2 banners to place'],
    [{ move: 0, attack: 0, banners: 1 }, '1 banner to place'],
    [{ move: 0, attack: 0, banners: 0 }, ''],
  ])('says %o as "%s"', (counts, words) => {
    expect(turnLeftWords({ ...counts, bannerSpots: [] })).toBe(words);
  });
});
