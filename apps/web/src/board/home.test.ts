import { board } from '@four-banners/engine/testing';
import { describe, expect, it } from 'vitest';
import { homeTile } from './home';

describe('where a board opens for a player (ARCHITECTURE §7.11)', () => {
  it('opens on the own unit nearest the middle of them all, not pulled away by one far-off unit', () => {
    const game = board(`
      Gn-g Gn-g Gn-- Pn-- Pn-- Pn-p
      Gn-g Gn-- Gn-- Pn-- Pn-- Pn--
      Gn-- Gn-- Gn-- Pn-- Pn-- Pn-g
    `);
    // Green's units: (0,0), (1,0), (0,1) and a lone one at (5,2); the middle of them is (0..1, 0..1).
    expect(homeTile(game, [0])).toEqual({ x: 0, y: 0 });
  });

  it('with no unit yet, opens on its own land', () => {
    const game = board(`
      Pn-- Pn-- Gn-- Gn--
      Pn-- Pn-- Gn-- Gn--
      Pn-p Pn-- Gn-- Gn--
    `);
    const home = homeTile(game, [0])!;
    expect(game.tiles[home.x + home.y * 4]!.owner).toBe(0);
  });

  it('has nowhere to open for a country with neither land nor units, or for no country', () => {
    const game = board(`
      Pn-p Pn--
      Rn-- Rn-r
    `);
    expect(homeTile(game, [0])).toBeNull();
    expect(homeTile(game, [])).toBeNull();
  });
});
