import { describe, expect, it } from 'vitest';
import { clampView, fitView, tileAtPoint, zoomAt, TILE } from './geometry';

describe('board geometry', () => {
  it('fits a map inside the viewport and centres it horizontally', () => {
    const v = fitView(32, 32, 1000, 800);
    expect(32 * TILE * v.s).toBeLessThanOrEqual(800);
    expect(v.x * 2 + 32 * TILE * v.s).toBeCloseTo(1000);
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
