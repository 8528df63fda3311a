import { describe, expect, it } from 'vitest';
import {
  centredView,
  clampView,
  comfortablyInView,
  coverView,
  fitView,
  openingView,
  tileAtPoint,
  zoomAt,
  FIT_PAD,
  TILE,
} from './geometry';

describe('board geometry', () => {
  it('fits a map inside the viewport and centres it horizontally', () => {
    const v = fitView(32, 32, 1000, 800);
    expect(32 * TILE * v.s).toBeLessThanOrEqual(800);
    expect(v.x * 2 + 32 * TILE * v.s).toBeCloseTo(1000);
  });

  it('a fitted map fills the viewport on its limiting side, less a thin frame', () => {
    // A square map in a landscape viewport is limited by the height; a 16×9 one in a portrait one by the width.
    const square = fitView(10, 10, 1000, 700);
    expect(10 * TILE * square.s).toBeCloseTo(700 - 2 * FIT_PAD);
    expect(square.y).toBeCloseTo(FIT_PAD);
    const wide = fitView(16, 9, 390, 700);
    expect(16 * TILE * wide.s).toBeCloseTo(390 - 2 * FIT_PAD);
    expect(wide.x).toBeCloseTo(FIT_PAD);
  });

  it('overlay bands never shrink the map; with height to spare it moves clear of them', () => {
    const bands = { top: 50, bottom: 140 };
    const plain = fitView(10, 10, 360, 540);
    const banded = fitView(10, 10, 360, 540, bands);
    expect(banded.s).toBe(plain.s);
    expect(banded.x).toBe(plain.x);
    const mapH = 10 * TILE * banded.s;
    // 540 − 344 leaves 196 px, more than the bands' 190: the map sits between them.
    expect(banded.y).toBeGreaterThanOrEqual(bands.top);
    expect(banded.y + mapH).toBeLessThanOrEqual(540 - bands.bottom);
  });

  it('without enough spare height the map shares it between the bands, by their sizes', () => {
    const bands = { top: 50, bottom: 150 };
    const v = fitView(10, 10, 360, 460, bands);
    const spare = 460 - 10 * TILE * v.s;
    expect(spare).toBeLessThan(bands.top + bands.bottom);
    // Beyond the frame, the top band gets (50 − 8) / (200 − 16) of what is left.
    expect(v.y).toBeCloseTo(
      FIT_PAD + ((spare - 2 * FIT_PAD) * (bands.top - FIT_PAD)) / (bands.top + bands.bottom - 2 * FIT_PAD),
    );
    // A map that fills the height has only its frame left: it stays centred in it.
    expect(fitView(10, 10, 1000, 700, bands).y).toBeCloseTo(FIT_PAD);
    expect(fitView(10, 10, 1000, 700, { top: 56, bottom: 0 }).y).toBeCloseTo(FIT_PAD);
  });

  it('zooming keeps the point under the cursor fixed', () => {
    const v = { x: 10, y: 20, s: 1 };
    const z = zoomAt(v, 2, 300, 200, 0.1);
    expect((300 - z.x) / z.s).toBeCloseTo((300 - v.x) / v.s);
    expect((200 - z.y) / z.s).toBeCloseTo((200 - v.y) / v.s);
  });

  it('zoom stays within its limits', () => {
    expect(zoomAt({ x: 0, y: 0, s: 1 }, 100, 0, 0, 0.5, 3).s).toBe(3);
    expect(zoomAt({ x: 0, y: 0, s: 1 }, 0.01, 0, 0, 0.5, 3).s).toBe(0.5);
  });

  it('the map cannot be panned out of sight', () => {
    const v = clampView({ x: -99999, y: 99999, s: 1 }, 10, 10, 800, 600);
    expect(v.x + 10 * TILE).toBeGreaterThan(0);
    expect(v.y).toBeLessThan(600);
  });

  it('finds the tile under a point, and none off the map', () => {
    const v = { x: 100, y: 50, s: 0.5 };
    expect(tileAtPoint(v, 100 + 32 * 3 + 1, 50 + 32 * 2 + 1, 10, 10)).toEqual({ x: 3, y: 2 });
    expect(tileAtPoint(v, 99, 60, 10, 10)).toBeNull();
    expect(tileAtPoint(v, 100 + 32 * 10 + 1, 60, 10, 10)).toBeNull();
  });
});

describe('the view a board opens at (ARCHITECTURE §7.11)', () => {
  it('shows the whole map when its tiles are large enough that way', () => {
    expect(openingView(10, 10, 1000, 700, { x: 2, y: 2 }, 'touch')).toEqual(fitView(10, 10, 1000, 700));
    // 34 px tiles on a small phone are playable: the map opens whole there too.
    expect(openingView(10, 10, 360, 500, { x: 2, y: 2 }, 'touch')).toEqual(fitView(10, 10, 360, 500));
    // With a mouse, 30 px tiles are playable: a 24×24 map opens whole on a laptop.
    expect(openingView(24, 24, 1026, 713, { x: 2, y: 2 }, 'mouse')).toEqual(fitView(24, 24, 1026, 713));
  });

  it('opens a map too big to play whole at the opening tile size, centred on the focus', () => {
    const v = openingView(32, 32, 390, 600, { x: 16, y: 16 }, 'touch');
    expect(TILE * v.s).toBeCloseTo(40);
    // Tile (16, 16) sits at the viewport's centre.
    expect(v.x + 16.5 * TILE * v.s).toBeCloseTo(195);
    expect(v.y + 16.5 * TILE * v.s).toBeCloseTo(300);
  });

  it('near the map’s edge, keeps the map covering the viewport (no empty band beside it)', () => {
    const v = openingView(32, 32, 390, 600, { x: 0, y: 31 }, 'touch');
    expect(v.x).toBe(0);
    expect(v.y + 32 * TILE * v.s).toBeCloseTo(600);
  });

  it('with no focus, shows the whole map whatever its size', () => {
    expect(openingView(32, 32, 390, 600, null, 'touch')).toEqual(fitView(32, 32, 390, 600));
    expect(TILE * openingView(32, 32, 1026, 713, { x: 5, y: 5 }, 'mouse').s).toBeCloseTo(32);
  });

  it('a tile well inside the viewport is comfortably in view; one near its edge is not', () => {
    const v = { x: 0, y: 0, s: 0.5 };
    expect(comfortablyInView(v, { x: 5, y: 5 }, 320, 320)).toBe(true);
    expect(comfortablyInView(v, { x: 0, y: 5 }, 320, 320)).toBe(false);
    expect(comfortablyInView(v, { x: 5, y: 9 }, 320, 320)).toBe(false);
  });

  it('centres a tile at a given zoom, clamped so the map still covers the viewport', () => {
    const v = centredView({ x: 10, y: 10 }, 1, 32, 32, 640, 640);
    expect(v.x + 10.5 * TILE).toBeCloseTo(320);
    expect(coverView({ x: 50, y: -5000, s: 1 }, 32, 32, 640, 640)).toEqual({ x: 0, y: 640 - 32 * TILE, s: 1 });
  });
});

describe('keeping the map on screen', () => {
  it('a map smaller than the viewport one way stays whole inside it that way', () => {
    // 32 tiles at s = 0.5 are 1024 px: inside a 1026 px wide viewport, whatever the focus asked.
    const v = coverView({ x: 369, y: -100, s: 0.5 }, 32, 32, 1026, 713);
    expect(v.x).toBe(2);
    expect(v.y).toBe(-100);
  });
});
