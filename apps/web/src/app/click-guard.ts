/** ARCHITECTURE §7.2: a click is ignored if the pointer moved more than 10 px between press and release. */
export const CLICK_SLOP_PX = 10;

export interface ClickGuard {
  down(x: number, y: number): void;
  move(x: number, y: number): void;
  /** Whether the press that ends here counts as a click. */
  up(x: number, y: number): boolean;
  /** Whether the current press has already travelled too far to be a click. */
  readonly dragging: boolean;
}

/** Tracks one press; the farthest distance from the press point decides (dragging away and back is no click). */
export function createClickGuard(slop = CLICK_SLOP_PX): ClickGuard {
  let start: { x: number; y: number } | null = null;
  let far = false;
  const note = (x: number, y: number) => {
    if (start && Math.hypot(x - start.x, y - start.y) > slop) far = true;
  };
  return {
    down(x, y) {
      start = { x, y };
      far = false;
    },
    move: note,
    up(x, y) {
      note(x, y);
      const click = start !== null && !far;
      start = null;
      return click;
    },
    get dragging() {
      return far;
    },
  };
}
