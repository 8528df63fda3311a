/** Board geometry and the pan/zoom view: pure functions, so they are easy to test and reuse. */
import type { Pos } from '@four-banners/engine';
export const TILE = 64;

export interface View {
  /** Translation of the map's top-left corner inside the viewport, in CSS px. */
  readonly x: number;
  readonly y: number;
  /** CSS px per map unit. */
  readonly s: number;
}

export const MAX_SCALE = 3;

/**
 * Bands along the viewport's top and bottom edges where compact overlays sit (the bots' bar, a fight
 * card): a fitted map keeps clear of them only with height to spare; they never shrink it.
 */
export interface Bands {
  readonly top: number;
  readonly bottom: number;
}

export const NO_BANDS: Bands = { top: 0, bottom: 0 };

/** The gap left around a fitted map, in CSS px (a thin frame, not a margin in percent). */
export const FIT_PAD = 8;

/**
 * The view that shows the whole `cols`×`rows` map as large as a `vw`×`vh` viewport allows (a
 * `FIT_PAD` frame around it), centred across; down, centred too unless that puts it under an overlay
 * band while height is left over: then it moves clear, or as far clear as the spare height allows.
 */
export function fitView(cols: number, rows: number, vw: number, vh: number, bands: Bands = NO_BANDS): View {
  const w = cols * TILE;
  const h = rows * TILE;
  const pad = Math.min(FIT_PAD, vw / 8, vh / 8);
  const s = Math.max(0.05, Math.min((vw - 2 * pad) / w, (vh - 2 * pad) / h));
  const mapH = h * s;
  // The frame is the least room kept at either edge; a band wider than it is what the map avoids.
  const top = Math.max(bands.top, pad);
  const bottom = Math.max(bands.bottom, pad);
  const lowest = vh - bottom - mapH;
  let y: number;
  if (top <= lowest) y = Math.min(lowest, Math.max(top, (vh - mapH) / 2));
  else {
    // Not enough height to clear both bands: share what is left beyond the frame between them, by size.
    const beyond = vh - mapH - 2 * pad;
    y = pad + (beyond * (top - pad)) / (top + bottom - 2 * pad);
  }
  return { s, x: (vw - w * s) / 2, y };
}

/** The smallest scale allowed: a little smaller than the fit, so the whole map can always be seen. */
export function minScale(cols: number, rows: number, vw: number, vh: number): number {
  return fitView(cols, rows, vw, vh).s * 0.6;
}

/** Zooms by `factor` keeping the viewport point (px, py) over the same map point. */
export function zoomAt(view: View, factor: number, px: number, py: number, min: number, max = MAX_SCALE): View {
  const s = Math.min(max, Math.max(min, view.s * factor));
  const k = s / view.s;
  return { s, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/** Keeps at least a quarter of the viewport covered by the map, so it can never be lost off-screen. */
export function clampView(view: View, cols: number, rows: number, vw: number, vh: number): View {
  const w = cols * TILE * view.s;
  const h = rows * TILE * view.s;
  const keepX = Math.min(w, vw) * 0.25;
  const keepY = Math.min(h, vh) * 0.25;
  return {
    s: view.s,
    x: Math.min(vw - keepX, Math.max(keepX - w, view.x)),
    y: Math.min(vh - keepY, Math.max(keepY - h, view.y)),
  };
}

/** The tile under viewport point (px, py), or null off the map. */
export function tileAtPoint(
  view: View,
  px: number,
  py: number,
  cols: number,
  rows: number,
): { x: number; y: number } | null {
  const x = Math.floor((px - view.x) / view.s / TILE);
  const y = Math.floor((py - view.y) / view.s / TILE);
  return x >= 0 && y >= 0 && x < cols && y < rows ? { x, y } : null;
}

/**
 * A board opens showing the whole map when its tiles are at least this large that way
 * (ARCHITECTURE §7.11): 32 CSS px for a finger, 28 with a mouse. A map that would fit only smaller opens zoomed in on the
 * player's own units instead, at `OPENING_TILE`. "Fit the map" still shows it whole.
 */
export const PLAYABLE_TILE = { touch: 32, mouse: 28 } as const;
export const OPENING_TILE = { touch: 40, mouse: 32 } as const;

/** How a device is pointed at the map. */
export type Pointing = keyof typeof OPENING_TILE;

/**
 * Keeps as much map on screen as there is: a map larger than the viewport across (or down) covers it
 * that way, with no empty band beside it; a smaller one stays whole inside it.
 */
export function coverView(view: View, cols: number, rows: number, vw: number, vh: number): View {
  const within = (at: number, size: number, room: number) =>
    size >= room ? Math.min(0, Math.max(room - size, at)) : Math.max(0, Math.min(room - size, at));
  return {
    s: view.s,
    x: within(view.x, cols * TILE * view.s, vw),
    y: within(view.y, rows * TILE * view.s, vh),
  };
}

/** The view at scale `s` with tile `focus` at the viewport's centre, kept covering the viewport. */
export function centredView(focus: Pos, s: number, cols: number, rows: number, vw: number, vh: number): View {
  const size = TILE * s;
  return coverView({ s, x: vw / 2 - (focus.x + 0.5) * size, y: vh / 2 - (focus.y + 0.5) * size }, cols, rows, vw, vh);
}

/**
 * The view a board opens at on a device pointed at by `pointing`: the whole map when its tiles are at
 * least `PLAYABLE_TILE` CSS px that way; otherwise tiles of `OPENING_TILE` px centred on `focus` (the
 * player's units), or the whole map with no focus.
 */
export function openingView(
  cols: number,
  rows: number,
  vw: number,
  vh: number,
  focus: Pos | null,
  pointing: Pointing,
  bands: Bands = NO_BANDS,
): View {
  const fitted = fitView(cols, rows, vw, vh, bands);
  if (!focus || fitted.s * TILE >= PLAYABLE_TILE[pointing]) return fitted;
  return centredView(focus, Math.min(MAX_SCALE, OPENING_TILE[pointing] / TILE), cols, rows, vw, vh);
}

/** Whether tile `p` lies well inside the viewport (a margin of a fifth of it on every side). */
export function comfortablyInView(view: View, p: Pos, vw: number, vh: number): boolean {
  const size = TILE * view.s;
  const left = view.x + p.x * size;
  const top = view.y + p.y * size;
  return left >= vw * 0.2 && left + size <= vw * 0.8 && top >= vh * 0.2 && top + size <= vh * 0.8;
}
