/** add_country (RULES §4.1, §1.1: a new country starts with 1 banner). */
import { describe, expect, it } from 'vitest';
import { COUNTRY, type PlayableCountry } from '../constants.js';
import { newGame } from '../game.js';
import type { GameData } from '../types.js';
import { applyAction, applyLegal } from './index.js';

const add = (g: GameData, country: number) =>
  applyAction(g, { id: 'add_country', info: { country: country as PlayableCountry } }, 0);

describe('add_country (RULES §4.1)', () => {
  it('appends the country with 1 banner, in the order added', () => {
    let g = newGame();
    for (const c of [COUNTRY.red, COUNTRY.green, COUNTRY.yellow, COUNTRY.purple])
      g = applyLegal(g, { id: 'add_country', info: { country: c } }, 0);
    expect(g.countries).toEqual([
      { id: COUNTRY.red, banners: 1 },
      { id: COUNTRY.green, banners: 1 },
      { id: COUNTRY.yellow, banners: 1 },
      { id: COUNTRY.purple, banners: 1 },
    ]);
    expect(g.tiles).toEqual([]);
    expect(g.running).toBe(false);
  });

  it.each([
    ['the country is already present', COUNTRY.green, 'not_actable'],
    ['the country is none (-1), not a country id', COUNTRY.none, 'invalid_payload'],
    ['the id is not a country (4)', 4, 'invalid_payload'],
  ] as [string, number, string][])('is refused when %s', (_name, country, code) => {
    const g = applyLegal(newGame(), { id: 'add_country', info: { country: COUNTRY.green } }, 0);
    const r = add(g, country);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it('is refused while the game is running (game_running)', () => {
    let g = newGame(4, 4, 1);
    for (const c of [COUNTRY.green, COUNTRY.purple]) g = applyLegal(g, { id: 'add_country', info: { country: c } }, 0);
    g = applyLegal(g, { id: 'generate', info: { w: 4, h: 4, seed: 1 } }, 0);
    g = applyLegal(g, { id: 'start', info: {} }, 0);
    const r = add(g, COUNTRY.red);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('game_running');
  });
});
