import { describe, expect, it } from 'vitest';
import { CLICK_SLOP_PX, createClickGuard } from './click-guard';

describe('click guard (a click is ignored if the pointer moved more than 10 px)', () => {
  it('a press released where it started is a click', () => {
    const g = createClickGuard();
    g.down(100, 100);
    expect(g.up(100, 100)).toBe(true);
  });

  it('a press that moved exactly 10 px is still a click', () => {
    const g = createClickGuard();
    g.down(0, 0);
    g.move(6, 8); // 10 px
    expect(g.up(6, 8)).toBe(true);
    expect(CLICK_SLOP_PX).toBe(10);
  });

  it('a press that moved more than 10 px is a drag, not a click', () => {
    const g = createClickGuard();
    g.down(0, 0);
    g.move(11, 0);
    expect(g.dragging).toBe(true);
    expect(g.up(11, 0)).toBe(false);
  });

  it('dragging away and coming back is still not a click', () => {
    const g = createClickGuard();
    g.down(50, 50);
    g.move(90, 50);
    g.move(50, 50);
    expect(g.up(50, 50)).toBe(false);
  });

  it('a release with no press is no click, and each press starts afresh', () => {
    const g = createClickGuard();
    expect(g.up(0, 0)).toBe(false);
    g.down(0, 0);
    g.move(40, 0);
    g.up(40, 0);
    g.down(0, 0);
    expect(g.up(3, 3)).toBe(true);
  });
});
