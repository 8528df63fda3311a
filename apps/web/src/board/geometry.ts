/** Board geometry and the pan/zoom view: pure functions, so they are easy to test and reuse. */
export const TILE = 64;

export interface View {
  /** Translation of the map's top-left corner inside the viewport, in CSS px. */
  readonly x: number;
  readonly y: number;
  /** CSS px per map unit. */
  readonly s: number;
}

export const MAX_SCALE = 3;

/** The view that fits a `cols`×`rows` map into a `vw`×`vh` viewport, centred, with a margin. */
export function fitView(cols: number, rows: number, vw: number, vh: number, margin = 0.94): View {
  const w = cols * TILE;
  const h = rows * TILE;
  // Leave room for the bots' bar above and the fight card below when the screen is tall enough.
  const top = vh > 420 ? Math.min(48, vh * 0.06) : 0;
  const bottom = vh > 420 ? Math.min(128, vh * 0.15) : 0;
  const s = Math.max(0.05, Math.min(vw / w, (vh - top - bottom) / h) * margin);
  return { s, x: (vw - w * s) / 2, y: top + (vh - top - bottom - h * s) / 2 };
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
export function tileAtPoint(view: View, px: number, py: number, cols: number, rows: number): { x: number; y: number } | null {
  const x = Math.floor((px - view.x) / view.s / TILE);
  const y = Math.floor((py - view.y) / view.s / TILE);
  return x >= 0 && y >= 0 && x < cols && y < rows ? { x, y } : null;
}
