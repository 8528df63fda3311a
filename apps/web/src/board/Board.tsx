/**
 * The game board: one SVG inside a transformed wrapper. Panning and zooming only change the wrapper's
 * CSS transform (no React render), hover renders one rectangle, and tiles re-render only when the
 * engine hands out a new tile object. Mouse drag, wheel, touch drag and pinch; a press that moved
 * more than 10 px is not a click (ARCHITECTURE §7.2); a touch held still shows the tile in the hover store
 * (what a mouse shows by hovering: the tile panel and an attack's odds) and is not a click.
 */
import type { GameData, Pos } from '@four-banners/engine';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import { createClickGuard } from '../app/click-guard';
import { createStore, type Store } from '../app/store';
import { ArtDefs } from '../art/ArtDefs';
import { BOARD_BG } from '../art/art';
import { clampView, fitView, minScale, tileAtPoint, zoomAt, NO_BANDS, TILE, type Bands, type View } from './geometry';
import { HoverLayer, MarksLayer, type Marks } from './Overlays';
import { TileLayer } from './TileLayer';

/** How long a touch must stay still to count as a long press (shows the tile instead of clicking it). */
const LONG_PRESS_MS = 450;

export interface BoardHandle {
  zoomBy(factor: number): void;
  panBy(dx: number, dy: number): void;
  fit(): void;
  /** Pans just enough to bring tile `pos` into view (the keyboard cursor). */
  reveal(pos: Pos): void;
  /** The current view (tests and the bench). */
  view(): View;
}

export interface BoardProps {
  readonly game: GameData;
  readonly marks: Marks;
  /** Not needed when `readOnly`. */
  readonly onTileClick?: (pos: Pos) => void;
  /** A map to look at, not to play on (a replay): pan and zoom only, no hover outline, clicks ignored. */
  readonly readOnly?: boolean;
  /** Receives the hovered tile (null when the pointer leaves the map). */
  readonly hover?: Store<Pos | null>;
  /** Where overlays sit over the board: the fitted map keeps clear of them when it has height to spare. */
  readonly bands?: Bands;
}

export const Board = forwardRef<BoardHandle, BoardProps>(function Board(
  { game, marks, onTileClick, readOnly = false, hover: hoverProp, bands = NO_BANDS },
  ref,
) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const ownHover = useMemo(() => createStore<Pos | null>(null), []);
  const hover = hoverProp ?? ownHover;
  const cols = game.width;
  const rows = game.height;

  // Everything the pointer handlers need lives in one mutable record: no re-render while dragging.
  const state = useRef({
    view: { x: 0, y: 0, s: 1 } as View,
    touched: false,
    pointers: new Map<number, { x: number; y: number }>(),
    pinch: null as null | { dist: number; midX: number; midY: number },
    guard: createClickGuard(),
    frame: 0,
    settle: 0 as ReturnType<typeof setTimeout> | 0,
    hold: 0 as ReturnType<typeof setTimeout> | 0,
    held: false,
  });
  // The last tile the pointer hovered: any other tile in the hover store is the keyboard cursor.
  const pointerHover = useRef<Pos | null>(null);
  const dims = useRef({ cols, rows });
  dims.current = { cols, rows };
  const bandsRef = useRef(bands);
  bandsRef.current = bands;
  const clickRef = useRef(onTileClick);
  clickRef.current = readOnly ? undefined : onTileClick;

  const apply = (next: View) => {
    const el = viewportRef.current;
    const st = state.current;
    st.view = el ? clampView(next, dims.current.cols, dims.current.rows, el.clientWidth, el.clientHeight) : next;
    if (st.frame) return;
    st.frame = requestAnimationFrame(() => {
      st.frame = 0;
      const content = contentRef.current;
      if (!content) return;
      const v = st.view;
      content.style.transform = `translate3d(${v.x}px, ${v.y}px, 0) scale(${v.s})`;
      // While moving, keep the layer's raster; once still, let the browser re-draw it sharp.
      content.classList.add('fb-moving');
      if (st.settle) clearTimeout(st.settle);
      st.settle = setTimeout(() => content.classList.remove('fb-moving'), 180);
    });
  };

  const fit = () => {
    const el = viewportRef.current;
    if (!el) return;
    apply(fitView(dims.current.cols, dims.current.rows, el.clientWidth, el.clientHeight, bandsRef.current));
  };

  const zoomBy = (factor: number, px?: number, py?: number) => {
    const el = viewportRef.current;
    if (!el) return;
    state.current.touched = true;
    const min = minScale(dims.current.cols, dims.current.rows, el.clientWidth, el.clientHeight);
    apply(zoomAt(state.current.view, factor, px ?? el.clientWidth / 2, py ?? el.clientHeight / 2, min));
  };

  useImperativeHandle(ref, () => ({
    zoomBy: (f) => zoomBy(f),
    panBy: (dx, dy) => {
      state.current.touched = true;
      const v = state.current.view;
      apply({ ...v, x: v.x + dx, y: v.y + dy });
    },
    fit: () => {
      state.current.touched = false;
      fit();
    },
    reveal: (pos) => {
      const el = viewportRef.current;
      if (!el) return;
      const v = state.current.view;
      const size = TILE * v.s;
      const margin = Math.min(48, el.clientWidth / 6);
      const left = v.x + pos.x * size;
      const top = v.y + pos.y * size;
      let dx = 0;
      let dy = 0;
      if (left < margin) dx = margin - left;
      else if (left + size > el.clientWidth - margin) dx = el.clientWidth - margin - left - size;
      if (top < margin) dy = margin - top;
      else if (top + size > el.clientHeight - margin) dy = el.clientHeight - margin - top - size;
      if (dx || dy) apply({ ...v, x: v.x + dx, y: v.y + dy });
    },
    view: () => state.current.view,
  }));

  // Fit the map on mount, on a new map size and on viewport resizes until the player moved the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a new map size only: fit and apply read everything else through refs
  useEffect(() => {
    state.current.touched = false;
    fit();
    const el = viewportRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => (state.current.touched ? apply(state.current.view) : fit()));
    ro.observe(el);
    return () => ro.disconnect();
    // Runs on a new map size only: the handlers read everything else through refs.
  }, [cols, rows]);
  // Other overlay bands (the layout changed): a view the player has not moved fits again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the overlay bands are the trigger (the layout changed); fit reads the rest through refs
  useEffect(() => {
    if (!state.current.touched) fit();
  }, [bands.top, bands.bottom]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the wheel listener is attached once; zoomBy reads the view through refs
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      zoomBy(Math.exp(-delta * 0.0015), e.clientX - r.left, e.clientY - r.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  useEffect(
    () => () => {
      const st = state.current;
      if (st.frame) cancelAnimationFrame(st.frame);
      if (st.settle) clearTimeout(st.settle);
      if (st.hold) clearTimeout(st.hold);
    },
    [],
  );

  const local = (e: { clientX: number; clientY: number }) => {
    const r = viewportRef.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const setHover = (p: Pos | null) => {
    const prev = hover.get();
    if (prev === p || (prev && p && prev.x === p.x && prev.y === p.y && prev === pointerHover.current)) return;
    pointerHover.current = p;
    hover.set(p);
  };

  const cancelHold = () => {
    const st = state.current;
    if (st.hold) clearTimeout(st.hold);
    st.hold = 0;
  };

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const st = state.current;
    const p = local(e);
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // Not an active pointer (synthetic events); dragging still works while over the board.
    }
    st.pointers.set(e.pointerId, p);
    if (st.pointers.size === 1) {
      st.guard.down(e.clientX, e.clientY);
      st.held = false;
      if (e.pointerType !== 'mouse') {
        // A new touch puts away what the last long press showed; holding still ~half a second shows this tile.
        if (hover.get()) setHover(null);
        cancelHold();
        st.hold = setTimeout(() => {
          st.hold = 0;
          if (st.pointers.size !== 1 || st.guard.dragging) return;
          st.held = true;
          setHover(tileAtPoint(st.view, p.x, p.y, dims.current.cols, dims.current.rows));
        }, LONG_PRESS_MS);
      }
    }
    if (st.pointers.size === 2) {
      cancelHold();
      const [a, b] = [...st.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      st.pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2 };
      st.guard.move(e.clientX + 1000, e.clientY); // a second finger makes this press a gesture, not a click
    }
  };

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const st = state.current;
    const p = local(e);
    const prev = st.pointers.get(e.pointerId);
    if (!prev) {
      if (e.pointerType === 'mouse') setHover(tileAtPoint(st.view, p.x, p.y, dims.current.cols, dims.current.rows));
      return;
    }
    st.pointers.set(e.pointerId, p);
    st.guard.move(e.clientX, e.clientY);
    if (st.guard.dragging) cancelHold();
    if (st.pointers.size >= 2 && st.pinch) {
      const [a, b] = [...st.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const midX = (a.x + b.x) / 2;
      const midY = (a.y + b.y) / 2;
      const el = viewportRef.current!;
      const min = minScale(dims.current.cols, dims.current.rows, el.clientWidth, el.clientHeight);
      const zoomed = zoomAt(st.view, dist / Math.max(1, st.pinch.dist), midX, midY, min);
      st.touched = true;
      apply({ ...zoomed, x: zoomed.x + midX - st.pinch.midX, y: zoomed.y + midY - st.pinch.midY });
      st.pinch = { dist, midX, midY };
      return;
    }
    st.touched = true;
    apply({ ...st.view, x: st.view.x + p.x - prev.x, y: st.view.y + p.y - prev.y });
    if (e.pointerType === 'mouse') setHover(tileAtPoint(st.view, p.x, p.y, dims.current.cols, dims.current.rows));
  };

  const endPointer = (e: React.PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const st = state.current;
    if (!st.pointers.has(e.pointerId)) return;
    const single = st.pointers.size === 1;
    st.pointers.delete(e.pointerId);
    if (st.pointers.size < 2) st.pinch = null;
    if (!single) return;
    cancelHold();
    const click = st.guard.up(e.clientX, e.clientY);
    if (!click || cancelled || st.held) return;
    const p = local(e);
    const tile = tileAtPoint(st.view, p.x, p.y, dims.current.cols, dims.current.rows);
    if (tile) clickRef.current?.(tile);
  };

  // The unit that just moved slides in from where it came (only when it really stands there now).
  const lastMove = marks.lastMove;
  const arrivalIndex = lastMove && lastMove.kind === 'move' ? lastMove.to.x + lastMove.to.y * cols : -1;
  const arrived = arrivalIndex >= 0 && game.tiles[arrivalIndex]?.unit?.id === lastMove?.country;
  const arrival = useMemo(
    () =>
      lastMove && arrived
        ? { seq: lastMove.seq, dx: lastMove.from.x - lastMove.to.x, dy: lastMove.from.y - lastMove.to.y }
        : undefined,
    [lastMove, arrived],
  );
  const w = cols * TILE;
  const h = rows * TILE;
  return (
    <div
      ref={viewportRef}
      className="fb-board"
      data-testid="board"
      data-readonly={readOnly || undefined}
      style={{ background: BOARD_BG }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => endPointer(e, false)}
      onPointerCancel={(e) => endPointer(e, true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHover(null)}
    >
      <div ref={contentRef} className="fb-board-content" style={{ width: w, height: h }}>
        <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} className="fb-board-svg" role="img" aria-label="Game map">
          <ArtDefs />
          <TileLayer tiles={game.tiles} arrival={arrival} arrivalIndex={arrived ? arrivalIndex : -1} />
          <MarksLayer marks={marks} game={game} />
          {readOnly ? null : <HoverLayer hover={hover} pointerHover={pointerHover} />}
        </svg>
      </div>
    </div>
  );
});
