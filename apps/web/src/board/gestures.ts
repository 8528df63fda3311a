/**
 * The board's pointer gestures, apart from what they move: mouse drag, wheel, touch drag and pinch pan
 * and zoom the view; a press that moved more than 10 px is not a click (ARCHITECTURE §7.2); a touch held
 * still shows the tile in the hover store (what a mouse shows by hovering: the tile panel and an attack's
 * odds) and is not a click. Everything lives in one mutable record: no React render while dragging.
 */
import type { Pos } from '@four-banners/engine';
import { createClickGuard } from '../app/click-guard';
import type { Store } from '../app/store';
import { minScale, tileAtPoint, zoomAt, type View } from './geometry';

/** How long a touch must stay still to count as a long press (shows the tile instead of clicking it). */
const LONG_PRESS_MS = 450;

type Point = { x: number; y: number };

/** What the gestures read and move. */
export interface GestureTarget {
  /** The board's viewport element (null before it mounts). */
  viewport(): HTMLElement | null;
  /** The map's size in tiles. */
  dims(): { cols: number; rows: number };
  view(): View;
  /** Moves the view at the player's hand (so it is no longer refitted on a resize). */
  moveTo(view: View): void;
  /** The hovered tile (a mouse over the map, or a touch held still); the keyboard cursor shares it. */
  readonly hover: Store<Pos | null>;
  /** A tile was clicked or tapped. */
  click(pos: Pos): void;
}

/** Pointer handlers for the board's viewport element. */
export interface Gestures {
  down(e: PointerEvent | React.PointerEvent<HTMLElement>): void;
  move(e: PointerEvent | React.PointerEvent<HTMLElement>): void;
  end(e: PointerEvent | React.PointerEvent<HTMLElement>, cancelled: boolean): void;
  leave(e: PointerEvent | React.PointerEvent<HTMLElement>): void;
  wheel(e: WheelEvent): void;
  /** Zooms by `factor` about viewport point (px, py), the viewport's middle by default. */
  zoomBy(factor: number, px?: number, py?: number): void;
  /** Whether `p` is in the hover store because a pointer put it there (else it is the keyboard cursor). */
  byPointer(p: Pos | null): boolean;
  dispose(): void;
}

export function createGestures(target: GestureTarget): Gestures {
  const pointers = new Map<number, Point>();
  const guard = createClickGuard();
  let pinch: null | { dist: number; midX: number; midY: number } = null;
  let hold: ReturnType<typeof setTimeout> | 0 = 0;
  let held = false;
  // The last tile a pointer hovered: any other tile in the hover store is the keyboard cursor.
  let pointerHover: Pos | null = null;

  const local = (e: { clientX: number; clientY: number }): Point => {
    const r = target.viewport()!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const tileAt = (p: Point) => {
    const { cols, rows } = target.dims();
    return tileAtPoint(target.view(), p.x, p.y, cols, rows);
  };
  const setHover = (p: Pos | null) => {
    const prev = target.hover.get();
    if (prev === p || (prev && p && prev.x === p.x && prev.y === p.y && prev === pointerHover)) return;
    pointerHover = p;
    target.hover.set(p);
  };
  const cancelHold = () => {
    if (hold) clearTimeout(hold);
    hold = 0;
  };
  const smallest = () => {
    const el = target.viewport()!;
    const { cols, rows } = target.dims();
    return minScale(cols, rows, el.clientWidth, el.clientHeight);
  };
  const zoomBy = (factor: number, px?: number, py?: number) => {
    const el = target.viewport();
    if (!el) return;
    target.moveTo(zoomAt(target.view(), factor, px ?? el.clientWidth / 2, py ?? el.clientHeight / 2, smallest()));
  };

  return {
    down(e) {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      const p = local(e);
      try {
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
      } catch {
        // Not an active pointer (synthetic events); dragging still works while over the board.
      }
      pointers.set(e.pointerId, p);
      if (pointers.size === 1) {
        guard.down(e.clientX, e.clientY);
        held = false;
        if (e.pointerType !== 'mouse') {
          // A new touch puts away what the last long press showed; holding still ~half a second shows this tile.
          if (target.hover.get()) setHover(null);
          cancelHold();
          hold = setTimeout(() => {
            hold = 0;
            if (pointers.size !== 1 || guard.dragging) return;
            held = true;
            setHover(tileAt(p));
          }, LONG_PRESS_MS);
        }
      }
      if (pointers.size === 2) {
        cancelHold();
        const [a, b] = [...pointers.values()] as [Point, Point];
        pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2 };
        guard.move(e.clientX + 1000, e.clientY); // a second finger makes this press a gesture, not a click
      }
    },

    move(e) {
      const p = local(e);
      const prev = pointers.get(e.pointerId);
      if (!prev) {
        if (e.pointerType === 'mouse') setHover(tileAt(p));
        return;
      }
      pointers.set(e.pointerId, p);
      guard.move(e.clientX, e.clientY);
      if (guard.dragging) cancelHold();
      const view = target.view();
      if (pointers.size >= 2 && pinch) {
        const [a, b] = [...pointers.values()] as [Point, Point];
        const dist = Math.hypot(a.x - b.x, a.y - b.y);
        const midX = (a.x + b.x) / 2;
        const midY = (a.y + b.y) / 2;
        const zoomed = zoomAt(view, dist / Math.max(1, pinch.dist), midX, midY, smallest());
        target.moveTo({ ...zoomed, x: zoomed.x + midX - pinch.midX, y: zoomed.y + midY - pinch.midY });
        pinch = { dist, midX, midY };
        return;
      }
      target.moveTo({ ...view, x: view.x + p.x - prev.x, y: view.y + p.y - prev.y });
      if (e.pointerType === 'mouse') setHover(tileAt(p));
    },

    end(e, cancelled) {
      if (!pointers.has(e.pointerId)) return;
      const single = pointers.size === 1;
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!single) return;
      cancelHold();
      const click = guard.up(e.clientX, e.clientY);
      if (!click || cancelled || held) return;
      const tile = tileAt(local(e));
      if (tile) target.click(tile);
    },

    leave(e) {
      if (e.pointerType === 'mouse') setHover(null);
    },

    wheel(e) {
      e.preventDefault();
      const r = target.viewport()!.getBoundingClientRect();
      const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      zoomBy(Math.exp(-delta * 0.0015), e.clientX - r.left, e.clientY - r.top);
    },

    zoomBy,
    byPointer: (p) => p === pointerHover,
    dispose: cancelHold,
  };
}
