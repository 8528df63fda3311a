/**
 * The game board (ARCHITECTURE §7.11). The tiles are painted on a canvas the size of the viewport
 * (canvas-tiles.ts: a pan or zoom repaints the tiles in view, a new state only the tiles that changed),
 * or drawn as SVG where there is no canvas; what is drawn over them — selection, moves, attacks and their
 * odds, banner spots, the hover and the keyboard cursor, a unit sliding in — is a small SVG in a wrapper
 * that follows the view by a CSS transform, so tests and screen readers find it in the DOM. Panning and
 * zooming (gestures.ts: mouse, wheel, touch, pinch, long press) never render React.
 */
import type { GameData, Pos } from '@four-banners/engine';
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { prefersReducedMotion } from '../app/settings';
import { createStore, type Store } from '../app/store';
import { ArtDefs } from '../art/ArtDefs';
import { BOARD_BG } from '../art/art';
import { createTilePainter, type TilePainter } from './canvas-tiles';
import {
  centredView,
  clampView,
  comfortablyInView,
  fitView,
  openingView,
  MAX_SCALE,
  NO_BANDS,
  OPENING_TILE,
  TILE,
  type Bands,
  type Pointing,
  type View,
} from './geometry';
import { createGestures } from './gestures';
import { ArrivingUnit, HoverLayer, MarksLayer, type Marks } from './Overlays';
import { boardProbes, boardRenderer } from './renderer';
import { lookParts } from './tile-look';
import { TileLayer } from './TileLayer';

/** Labels on the map are drawn at least as large as at this zoom (CSS px per map unit). */
const LABEL_SCALE = 0.8;

export interface BoardHandle {
  zoomBy(factor: number): void;
  panBy(dx: number, dy: number): void;
  fit(): void;
  /** Pans just enough to bring tile `pos` into view (the keyboard cursor). */
  reveal(pos: Pos): void;
  /** Centres tile `pos` at a playable zoom, unless it is already well in view at one (Next unit). */
  centerOn(pos: Pos): void;
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
  /**
   * Where the board opens when the whole map would only fit with tiles too small to play (the player's
   * own units): centred there at a playable zoom. Read when the board opens, not followed afterwards.
   */
  readonly focus?: Pos | null;
}

/** How this device points at the map: a finger wants larger tiles than a mouse. */
const pointing = (): Pointing =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 'touch' : 'mouse';

export const Board = forwardRef<BoardHandle, BoardProps>(function Board(
  { game, marks, onTileClick, readOnly = false, hover: hoverProp, bands = NO_BANDS, focus = null },
  ref,
) {
  const renderer = boardRenderer();
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const marksRef = useRef<SVGGElement>(null);
  const painter = useRef<TilePainter | null>(null);
  const ownHover = useMemo(() => createStore<Pos | null>(null), []);
  const hover = hoverProp ?? ownHover;
  const cols = game.width;
  const rows = game.height;

  // The view and its frame live in one mutable record: no re-render while the map moves.
  const state = useRef({
    view: { x: 0, y: 0, s: 1 } as View,
    /** The player moved the view: a resize keeps it rather than opening the map again. */
    touched: false,
    frame: 0,
    settle: 0 as ReturnType<typeof setTimeout> | 0,
  });
  const dims = useRef({ cols, rows });
  dims.current = { cols, rows };
  const bandsRef = useRef(bands);
  bandsRef.current = bands;
  const focusRef = useRef(focus);
  focusRef.current = focus;
  const clickRef = useRef(onTileClick);
  clickRef.current = readOnly ? undefined : onTileClick;

  /** Moves the overlays and repaints the tiles for the current view (once a frame, or `now`). */
  const frame = () => {
    const st = state.current;
    st.frame = 0;
    const content = contentRef.current;
    const el = viewportRef.current;
    if (!content || !el) return;
    const v = st.view;
    content.style.transform = `translate3d(${v.x}px, ${v.y}px, 0) scale(${v.s})`;
    // Labels on the map (an attack's odds) keep a readable size however far the map is zoomed out (set
    // only when it changes: a new value restyles everything the overlay holds).
    const label = String(Math.max(1, LABEL_SCALE / v.s));
    const marks = marksRef.current;
    if (marks && marks.style.getPropertyValue('--fb-label-scale') !== label)
      marks.style.setProperty('--fb-label-scale', label);
    if (painter.current) {
      painter.current.setView(v, el.clientWidth, el.clientHeight);
      painter.current.paint();
    }
    // While moving, keep the overlay's raster; once still, let the browser re-draw it sharp.
    content.classList.add('fb-moving');
    if (st.settle) clearTimeout(st.settle);
    st.settle = setTimeout(() => content.classList.remove('fb-moving'), 180);
  };

  const apply = (next: View, now = false) => {
    const el = viewportRef.current;
    const st = state.current;
    st.view = el ? clampView(next, dims.current.cols, dims.current.rows, el.clientWidth, el.clientHeight) : next;
    if (now) {
      if (st.frame) cancelAnimationFrame(st.frame);
      frame();
      return;
    }
    if (!st.frame) st.frame = requestAnimationFrame(frame);
  };

  const fit = (now = false) => {
    const el = viewportRef.current;
    if (!el) return;
    apply(fitView(dims.current.cols, dims.current.rows, el.clientWidth, el.clientHeight, bandsRef.current), now);
  };

  /** The view the board opens at: the whole map, or zoomed in on the player's units when it would be too small. */
  const open = (now = false) => {
    const el = viewportRef.current;
    if (!el) return;
    const { cols: c, rows: r } = dims.current;
    apply(openingView(c, r, el.clientWidth, el.clientHeight, focusRef.current, pointing(), bandsRef.current), now);
  };

  /** The player moves the view. */
  const moveTo = (next: View) => {
    state.current.touched = true;
    apply(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per hover store; the rest is read through refs
  const gestures = useMemo(
    () =>
      createGestures({
        viewport: () => viewportRef.current,
        dims: () => dims.current,
        view: () => state.current.view,
        moveTo: (v) => moveTo(v),
        hover,
        click: (pos) => clickRef.current?.(pos),
      }),
    [hover],
  );

  useImperativeHandle(ref, () => ({
    zoomBy: (f) => gestures.zoomBy(f),
    panBy: (dx, dy) => {
      const v = state.current.view;
      moveTo({ ...v, x: v.x + dx, y: v.y + dy });
    },
    fit: () => {
      state.current.touched = false;
      fit();
    },
    centerOn: (pos) => {
      const el = viewportRef.current;
      if (!el) return;
      const v = state.current.view;
      const s = Math.min(MAX_SCALE, Math.max(v.s, OPENING_TILE[pointing()] / TILE));
      if (s === v.s && comfortablyInView(v, pos, el.clientWidth, el.clientHeight)) return;
      moveTo(centredView(pos, s, dims.current.cols, dims.current.rows, el.clientWidth, el.clientHeight));
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

  // The canvas board's painter, made once (null on the SVG board or without a 2D canvas).
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    painter.current = canvas ? createTilePainter(canvas) : null;
    return () => {
      painter.current = null;
    };
  }, []);

  // The unit that just moved slides in from where it came (only when it really stands there now, and not
  // when the marks are still); on the canvas board it is drawn above the map while it slides, and painted
  // into its tile once it has arrived.
  const lastMove = marks.still ? null : marks.lastMove;
  const arrivalIndex = lastMove && lastMove.kind === 'move' ? lastMove.to.x + lastMove.to.y * cols : -1;
  const arrived = arrivalIndex >= 0 && game.tiles[arrivalIndex]?.unit?.id === lastMove?.country;
  const arrival = useMemo(
    () =>
      lastMove && arrived
        ? { seq: lastMove.seq, dx: lastMove.from.x - lastMove.to.x, dy: lastMove.from.y - lastMove.to.y }
        : undefined,
    [lastMove, arrived],
  );
  const [landed, setLanded] = useState(-1);
  const sliding = renderer === 'canvas' && arrival && arrival.seq !== landed && !prefersReducedMotion();

  // A new state repaints the tiles that changed, before the browser shows the frame.
  useLayoutEffect(() => {
    const p = painter.current;
    if (!p) return;
    p.setTiles(game.tiles, cols, rows, sliding ? arrivalIndex : -1);
    p.paint();
  }, [game.tiles, cols, rows, sliding, arrivalIndex]);

  // Open the map on mount and on a new map size, and again on viewport resizes until the player moved the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a new map size only: open and apply read everything else through refs
  useLayoutEffect(() => {
    state.current.touched = false;
    open(true);
    const el = viewportRef.current;
    // Drawn: the tiles are painted (canvas) or in the DOM (SVG) for the frame about to show (tests, bench).
    el?.setAttribute('data-ready', '');
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => (state.current.touched ? apply(state.current.view) : open()));
    ro.observe(el);
    return () => ro.disconnect();
  }, [cols, rows]);
  // Other overlay bands (the layout changed): a view the player has not moved opens again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the overlay bands are the trigger (the layout changed); open reads the rest through refs
  useEffect(() => {
    if (!state.current.touched) open();
  }, [bands.top, bands.bottom]);

  // Tests and the bench read the board through `window.fourBanners.board()`.
  useEffect(() => {
    if (readOnly && boardProbes.current) return;
    const probe = () => {
      const el = viewportRef.current;
      const v = state.current.view;
      return {
        renderer,
        view: { x: v.x, y: v.y, s: v.s },
        width: el?.clientWidth ?? 0,
        height: el?.clientHeight ?? 0,
        painted: painter.current?.painted().map((look) => (look < 0 ? null : lookParts(look))) ?? null,
      };
    };
    boardProbes.current = probe;
    return () => {
      if (boardProbes.current === probe) boardProbes.current = null;
    };
  }, [renderer, readOnly]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    el.addEventListener('wheel', gestures.wheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', gestures.wheel);
      gestures.dispose();
    };
  }, [gestures]);

  useEffect(
    () => () => {
      const st = state.current;
      if (st.frame) cancelAnimationFrame(st.frame);
      if (st.settle) clearTimeout(st.settle);
    },
    [],
  );

  const w = cols * TILE;
  const h = rows * TILE;
  return (
    <div
      ref={viewportRef}
      className="fb-board"
      data-testid="board"
      data-renderer={renderer}
      data-readonly={readOnly || undefined}
      style={{ background: BOARD_BG }}
      onPointerDown={gestures.down}
      onPointerMove={gestures.move}
      onPointerUp={(e) => gestures.end(e, false)}
      onPointerCancel={(e) => gestures.end(e, true)}
      onPointerLeave={gestures.leave}
    >
      {renderer === 'canvas' ? (
        <canvas
          ref={canvasRef}
          className="fb-board-canvas"
          data-testid="board-canvas"
          role="img"
          aria-label={`Game map, ${cols} by ${rows} tiles`}
        />
      ) : null}
      <div ref={contentRef} className="fb-board-content" style={{ width: w, height: h }}>
        <svg
          width={w}
          height={h}
          viewBox={`0 0 ${w} ${h}`}
          className="fb-board-svg"
          role={renderer === 'svg' ? 'img' : undefined}
          aria-label={renderer === 'svg' ? 'Game map' : undefined}
          aria-hidden={renderer === 'svg' ? undefined : true}
        >
          {renderer === 'svg' ? (
            <>
              <ArtDefs />
              <TileLayer tiles={game.tiles} arrival={arrival} arrivalIndex={arrived ? arrivalIndex : -1} />
            </>
          ) : null}
          {sliding && arrival ? (
            <ArrivingUnit tile={game.tiles[arrivalIndex]!} arrival={arrival} onLanded={() => setLanded(arrival.seq)} />
          ) : null}
          <g ref={marksRef}>
            <MarksLayer marks={marks} game={game} />
          </g>
          {readOnly ? null : <HoverLayer hover={hover} byPointer={gestures.byPointer} />}
        </svg>
      </div>
    </div>
  );
});
