/**
 * Turn order (RULES §3.1: the cycle length is 3N+1).
 * Tables are written by hand: B = banner turn, C = chest turn, otherwise the country's initial.
 */
import { describe, expect, it } from 'vitest';
import { COUNTRY, TURN_TYPE, type PlayableCountry, type TurnType } from './constants.js';
import { newGame } from './game.js';
import { cycleLength, turnStrip, turnTypeOf, whoseTurn } from './turns.js';
import type { GameData } from './types.js';

const LETTER: Record<string, TurnType> = {
  B: TURN_TYPE.banner,
  C: TURN_TYPE.chest,
  G: COUNTRY.green,
  P: COUNTRY.purple,
  R: COUNTRY.red,
  Y: COUNTRY.yellow,
};
const list = (...ids: PlayableCountry[]) => ids.map((id) => ({ id }));
const decode = (table: string) => table.split(' ').map((l) => LETTER[l]);
const types = (countries: { id: PlayableCountry }[], upTo: number) =>
  Array.from({ length: upTo + 1 }, (_, t) => turnTypeOf(t, countries));

describe('cycleLength is 3N+1 (RULES §3.1)', () => {
  it.each([
    [1, 4],
    [2, 7],
    [3, 10],
    [4, 13],
  ])('N = %i gives a cycle of %i', (n, s) => expect(cycleLength(n)).toBe(s));
});

describe('turnTypeOf: turn-order tables over two full cycles and more (RULES §3.1)', () => {
  it('N = 2 (cycle 7): banner at 0 and 14, chest at the odd multiples 7 and 21, countries alternate in list order', () => {
    //           0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22
    const table = 'B G P G P G P C G P G P G P B G P G P G P C G';
    expect(types(list(COUNTRY.green, COUNTRY.purple), 22)).toEqual(decode(table));
  });

  it('N = 3 (cycle 10): only banner turns at multiples (all even), never a chest', () => {
    //           0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22
    const table = 'B G P R G P R G P R B G P R G P R G P R B G P';
    expect(types(list(COUNTRY.green, COUNTRY.purple, COUNTRY.red), 22)).toEqual(decode(table));
  });

  it('N = 4 (cycle 13): banner at 0, 26, 52; chest at 13 and 39', () => {
    // 0, then 1-12 three rounds, 13 chest, 14-25 three rounds, 26 banner, 27-38, 39 chest, 40
    const rounds = 'G P R Y G P R Y G P R Y';
    const table = ['B', rounds, 'C', rounds, 'B', rounds, 'C', 'G'].join(' ');
    expect(types(list(COUNTRY.green, COUNTRY.purple, COUNTRY.red, COUNTRY.yellow), 40)).toEqual(decode(table));
  });

  it('countries follow list order, not id order', () => {
    //           0 1 2 3 4 5 6 7 8 9 10 11 12 13 14
    const table = 'B Y G Y G Y G C Y G Y G Y G B';
    expect(types(list(COUNTRY.yellow, COUNTRY.green), 14)).toEqual(decode(table));
    //           0 1 2 3 4 5 6 7 8 9 10
    const three = 'B R G P R G P R G P B';
    expect(types(list(COUNTRY.red, COUNTRY.green, COUNTRY.purple), 10)).toEqual(decode(three));
  });

  it('with N odd (1 or 3) there is never a chest turn (RULES §3.1: intended)', () => {
    for (const countries of [list(COUNTRY.red), list(COUNTRY.green, COUNTRY.purple, COUNTRY.yellow)]) {
      const s = cycleLength(countries.length);
      for (let t = 0; t <= 1000; t++) {
        const type = turnTypeOf(t, countries);
        expect(type).not.toBe(TURN_TYPE.chest);
        expect(type === TURN_TYPE.banner).toBe(t % s === 0);
      }
    }
  });

  it('with N even, multiples of the cycle alternate banner (even) and chest (odd)', () => {
    for (const countries of [list(COUNTRY.green, COUNTRY.red), list(0, 1, 2, 3)]) {
      const s = cycleLength(countries.length);
      for (let t = 0; t <= 500; t++) {
        const type = turnTypeOf(t, countries);
        if (t % s !== 0) expect(type).toBeGreaterThanOrEqual(0);
        else expect(type).toBe(t % 2 === 1 ? TURN_TYPE.chest : TURN_TYPE.banner);
      }
    }
  });

  it('every country gets exactly 3 turns per cycle', () => {
    for (const countries of [list(0, 1), list(0, 1, 2), list(0, 1, 2, 3)]) {
      const s = cycleLength(countries.length);
      for (let cycle = 0; cycle < 4; cycle++) {
        const turns = Array.from({ length: s - 1 }, (_, i) => turnTypeOf(cycle * s + 1 + i, countries));
        for (const c of countries) expect(turns.filter((t) => t === c.id)).toHaveLength(3);
      }
    }
  });

  it('no countries: the turn type is none', () => {
    expect(turnTypeOf(0, [])).toBe(TURN_TYPE.none);
    expect(turnTypeOf(5, [])).toBe(TURN_TYPE.none);
  });
});

/** A running two-country game resting at turn `count`. */
function gameAt(count: number, running = true): GameData {
  const countries = [
    { id: COUNTRY.green, banners: 1 },
    { id: COUNTRY.purple, banners: 1 },
  ] as const;
  return { ...newGame(), countries, running, turn: { count, type: turnTypeOf(count, countries) } };
}

describe('whoseTurn', () => {
  it('is the country on a country turn of a running game', () => {
    expect(whoseTurn(gameAt(1))).toBe(COUNTRY.green);
    expect(whoseTurn(gameAt(2))).toBe(COUNTRY.purple);
  });
  it('is nobody before the game runs, and nobody on a banner or chest turn', () => {
    expect(whoseTurn(gameAt(1, false))).toBeNull();
    expect(whoseTurn(gameAt(14))).toBeNull();
    expect(whoseTurn(gameAt(7))).toBeNull();
  });
});

describe('turnStrip: the turns around the current one', () => {
  it('shows 4 turns before and 4 after by default, marking the current one', () => {
    const strip = turnStrip(gameAt(10));
    expect(strip).toEqual([
      { turn: 6, type: COUNTRY.purple, current: false },
      { turn: 7, type: TURN_TYPE.chest, current: false },
      { turn: 8, type: COUNTRY.green, current: false },
      { turn: 9, type: COUNTRY.purple, current: false },
      { turn: 10, type: COUNTRY.green, current: true },
      { turn: 11, type: COUNTRY.purple, current: false },
      { turn: 12, type: COUNTRY.green, current: false },
      { turn: 13, type: COUNTRY.purple, current: false },
      { turn: 14, type: TURN_TYPE.banner, current: false },
    ]);
  });

  it('starts at turn 0 near the beginning and honours before/after', () => {
    expect(turnStrip(gameAt(1)).map((t) => t.turn)).toEqual([0, 1, 2, 3, 4, 5]);
    const strip = turnStrip(gameAt(5), 1, 2);
    expect(strip.map((t) => [t.turn, t.current])).toEqual([
      [4, false],
      [5, true],
      [6, false],
      [7, false],
    ]);
    expect(strip.filter((t) => t.current)).toHaveLength(1);
  });

  it('the current entry shows the game’s own turn type', () => {
    const game = { ...gameAt(3), turn: { count: 3, type: TURN_TYPE.none } };
    expect(turnStrip(game).find((t) => t.current)).toEqual({ turn: 3, type: TURN_TYPE.none, current: true });
  });
});
