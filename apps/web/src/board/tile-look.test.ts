import { board } from '@four-banners/engine/testing';
import { describe, expect, it } from 'vitest';
import { lookParts, tileLook } from './tile-look';

const tiles = board(`
  Gn-- Gs-g GsBg GsB- Pn-P PnMp PnF- .nC- .n--
  RsBr Yn-y YnM- YsBY RnF- RnMR Pn-- Gn-G Ys-y
`).tiles;

describe('a tile’s look on the canvas board', () => {
  it('tells apart every tile that is drawn differently, and only those', () => {
    const looks = tiles.map((t) => tileLook(t));
    expect(new Set(looks).size).toBe(looks.length);
    expect(tileLook({ ...tiles[0]!, pos: { x: 5, y: 5 } })).toBe(looks[0]);
  });

  it.each(tiles.map((t, i) => [i, t] as const))('takes tile %i apart into what the art draws', (_, tile) => {
    const parts = lookParts(tileLook(tile));
    expect(parts.owner).toBe(tile.owner);
    expect(parts.land).toBe(tile.type === 1 ? 'settled' : 'nomad');
    expect(parts.unit).toBe(tile.unit ? `unit-${tile.unit.id}` : null);
    const landmark = ['banner', 'mountains', 'forest', 'chest'][tile.landmark];
    expect(parts.landmark?.split('-')[0] ?? null).toBe(landmark ?? null);
  });

  it('a banner carries its owner’s colours', () => {
    expect(lookParts(tileLook(tiles[2]!)).landmark).toBe('banner-0');
    expect(lookParts(tileLook(tiles[12]!)).landmark).toBe('banner-3');
  });

  it('reads the unit’s state: a banner’s new unit, moved, attacked, ready', () => {
    // GsBg: a fresh unit on its own Settled banner is ready; YsBY: moved and attacked there is new.
    expect(lookParts(tileLook(tiles[2]!)).state).toBe('ready');
    expect(lookParts(tileLook(tiles[12]!)).state).toBe('new');
    expect(lookParts(tileLook(tiles[4]!)).state).toBe('attacked');
  });

  it('can leave the unit out (a unit sliding in is drawn above the board)', () => {
    const parts = lookParts(tileLook(tiles[1]!, true));
    expect(parts.unit).toBeNull();
    expect(parts.state).toBeNull();
    expect(tileLook(tiles[1]!, true)).toBe(tileLook({ ...tiles[1]!, unit: undefined }));
  });
});
