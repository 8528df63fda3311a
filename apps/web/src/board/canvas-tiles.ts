/**
 * The canvas board's tile painter (ARCHITECTURE §7.11). The canvas covers the board's viewport, not the
 * map: a pan or a zoom repaints the tiles in view, each one a single copy of a ready picture of its look
 * (tile-look.ts), kept in an atlas at the tile's size on screen; a new game state repaints only the tiles
 * whose look changed. A picture is composed of layers (ground, landmark, unit, badge) painted once per
 * size from the same SVG art as the SVG board (canvas-art.ts), so both boards look the same, and nothing
 * waits for an image to load.
 */
import type { Tile } from '@four-banners/engine';
import {
  BADGE_BOX,
  BOARD_BG,
  SETTLED_EDGE,
  UNOWNED_FILL,
  landCellMarkup,
  pieceMarkup,
  type ArtPiece,
  type LandKind,
} from '../art/art';
import { compileArt, paintArt, type PaintOp } from '../art/canvas-art';
import { TILE, type View } from './geometry';
import { lookParts, tileLook } from './tile-look';

/** Sizes, in device pixels, pictures of tiles are made at: the smallest at least the tile's size on screen. */
const PICTURE_SIZES = [12, 16, 24, 32, 48, 64, 96, 128, 192, 256] as const;

/** The picture size for tiles `devicePx` wide on screen. */
export function pictureSize(devicePx: number): number {
  return PICTURE_SIZES.find((s) => s >= devicePx) ?? PICTURE_SIZES[PICTURE_SIZES.length - 1]!;
}

const compiled = new Map<string, PaintOp[]>();
function art(key: string, markup: () => string): PaintOp[] {
  let ops = compiled.get(key);
  if (!ops) compiled.set(key, (ops = compileArt(markup())));
  return ops;
}
const pieceArt = (piece: ArtPiece) => art(piece, () => pieceMarkup(piece));
const landArt = (owner: number, land: LandKind) => art(`land-${owner}-${land}`, () => landCellMarkup(owner, land));

const groundPath = () => {
  const p = new Path2D();
  p.roundRect(1.5, 1.5, TILE - 3, TILE - 3, 7);
  return p;
};

function newCanvas(width: number, height = width): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/** Draws tile pictures of one size: each from layers (the ground, each drawing) painted once at that size. */
export interface PictureMaker {
  readonly size: number;
  /** Draws the picture of `look` with its top-left corner at device pixel (x, y) of `ctx` (no transform). */
  draw(ctx: CanvasRenderingContext2D, look: number, x: number, y: number): void;
}

/**
 * A maker of tile pictures `size` device pixels square. A picture is composed of a few ready layers —
 * the land's ground with its edge, the landmark, the unit, its badge — each painted from the art once at
 * this size, so a look never seen before costs a handful of image copies, not a repaint of the art.
 */
export function pictureMaker(size: number): PictureMaker {
  const k = size / TILE;
  const layers = new Map<string, HTMLCanvasElement>();
  const layer = (key: string, px: number, paint: (ctx: CanvasRenderingContext2D) => void) => {
    let c = layers.get(key);
    if (!c) {
      c = newCanvas(Math.max(1, px));
      paint(c.getContext('2d')!);
      layers.set(key, c);
    }
    return c;
  };
  const ground = (owner: number, land: LandKind) =>
    layer(`ground ${owner} ${land}`, size, (ctx) => {
      ctx.scale(k, k);
      const path = groundPath();
      if (owner < 0) {
        ctx.fillStyle = UNOWNED_FILL;
        ctx.fill(path);
        return;
      }
      ctx.save();
      ctx.clip(path);
      paintArt(ctx, landArt(owner, land));
      ctx.restore();
      if (land === 'settled') {
        ctx.globalAlpha = 0.55;
        ctx.strokeStyle = SETTLED_EDGE[owner]!;
        ctx.lineWidth = 2;
        ctx.stroke(path);
      }
    });
  /** `piece` painted `units` map units square (its whole box: 64 for a drawing, 18 for a badge). */
  const piece = (name: ArtPiece, units: number) => {
    const px = Math.round(units * k);
    return layer(`${name} ${px}`, px, (ctx) => {
      const badge = name.startsWith('badge-');
      const box = badge ? BADGE_BOX : TILE;
      ctx.scale(px / box, px / box);
      if (badge) ctx.translate(BADGE_BOX / 2, BADGE_BOX / 2);
      paintArt(ctx, pieceArt(name));
    });
  };
  /** Copies `name`, `units` square, to map point (ux, uy) of the tile at device pixel (x, y); `alpha` applies to the drawing as a whole. */
  const place = (
    ctx: CanvasRenderingContext2D,
    x: number,
    y: number,
    name: ArtPiece,
    ux: number,
    uy: number,
    units: number,
    alpha = 1,
  ) => {
    ctx.globalAlpha = alpha;
    ctx.drawImage(piece(name, units), Math.round(x + ux * k), Math.round(y + uy * k));
    ctx.globalAlpha = 1;
  };
  return {
    size,
    draw(ctx, look, x, y) {
      const { owner, land, landmark, unit, state } = lookParts(look);
      ctx.drawImage(ground(owner, land), x, y);
      if (landmark) {
        if (unit) place(ctx, x, y, landmark, 1, 1, 30, 0.9);
        else place(ctx, x, y, landmark, 2, 2, TILE - 4);
      }
      if (unit) {
        // A unit that has acted (or was just raised) is drawn a little faded.
        const faded = state === 'attacked' || state === 'new';
        place(ctx, x, y, unit, landmark ? 10 : 5, 6, 54, faded ? 0.78 : 1);
      }
      if (state && state !== 'ready') {
        const pad = (BADGE_BOX - 16) / 2;
        place(ctx, x, y, `badge-${state}`, 44 - pad, 4 - pad, BADGE_BOX);
      }
    },
  };
}

/** The picture of a tile of look `look`, `size` device pixels square, on a canvas of its own (the renderers bench's textures). */
export function paintLook(look: number, size: number, maker = pictureMaker(size)): HTMLCanvasElement {
  const c = newCanvas(size);
  maker.draw(c.getContext('2d')!, look, 0, 0);
  return c;
}

/**
 * The pictures a painter has made, side by side on a few large canvases (pages): one canvas to copy
 * from instead of a canvas per look, and no canvas to create when a new look shows up.
 */
function pictureAtlas(size: number) {
  const maker = pictureMaker(size);
  const perRow = Math.max(1, Math.floor(ATLAS_PX / size));
  const pages: HTMLCanvasElement[] = [];
  const slots = new Map<number, { page: HTMLCanvasElement; x: number; y: number }>();
  return {
    has: (look: number) => slots.has(look),
    slot(look: number) {
      let slot = slots.get(look);
      if (!slot) {
        const n = slots.size;
        const index = n % (perRow * perRow);
        if (index === 0) pages.push(newCanvas(perRow * size));
        const page = pages[pages.length - 1]!;
        slot = { page, x: (index % perRow) * size, y: Math.floor(index / perRow) * size };
        maker.draw(page.getContext('2d')!, look, slot.x, slot.y);
        slots.set(look, slot);
      }
      return slot;
    },
  };
}

/**
 * The side of an atlas page, in device pixels. Small on purpose: copying from a canvas that was drawn on
 * since the last copy makes the browser take a snapshot of all of it first.
 */
const ATLAS_PX = 512;

/** Paints a board's tiles on a viewport-sized canvas. */
export interface TilePainter {
  /** The tiles to show; the unit on tile `hiddenUnit` (an index, or -1) is left out. */
  setTiles(tiles: readonly Tile[], cols: number, rows: number, hiddenUnit: number): void;
  /** The view and the viewport's CSS size: a change repaints every tile in view. */
  setView(view: View, width: number, height: number): void;
  /**
   * Paints what changed since the last paint; returns how many tiles it painted. With `until` (a
   * `performance.now()` time) it stops making new tile pictures then, and leaves the tiles that wanted one
   * to a later paint (`pending`): a big first paint can be spread over several short tasks.
   */
  paint(until?: number): number;
  /** Whether some tile in view is still to be painted (a paint stopped at its `until`). */
  pending(): boolean;
  /** The look of each tile as last painted (-1: never painted), row-major: what tests read. */
  painted(): readonly number[];
}

/** A painter drawing on `canvas` (null where the browser has no 2D canvas). */
export function createTilePainter(canvas: HTMLCanvasElement): TilePainter | null {
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx || typeof Path2D === 'undefined') return null;
  let looks = new Int32Array(0);
  let shown = new Int32Array(0);
  let cols = 0;
  let rows = 0;
  let view: View | null = null;
  let width = 0;
  let height = 0;
  let ratio = 1;
  let size = 0;
  let whole = true;
  let atlas = pictureAtlas(16);
  let pendingTiles = false;

  return {
    setTiles(tiles, c, r, hiddenUnit) {
      if (c !== cols || r !== rows || looks.length !== tiles.length) {
        cols = c;
        rows = r;
        looks = new Int32Array(tiles.length);
        shown = new Int32Array(tiles.length).fill(-1);
        whole = true;
      }
      for (let i = 0; i < tiles.length; i++) looks[i] = tileLook(tiles[i]!, i === hiddenUnit);
    },
    setView(v, w, h) {
      if (view && v.x === view.x && v.y === view.y && v.s === view.s && w === width && h === height) return;
      view = v;
      width = w;
      height = h;
      whole = true;
    },
    paint(until = Number.POSITIVE_INFINITY) {
      if (!view || width <= 0 || height <= 0) return 0;
      const dpr = Math.min(3, globalThis.devicePixelRatio || 1);
      const cw = Math.round(width * dpr);
      const ch = Math.round(height * dpr);
      if (canvas.width !== cw || canvas.height !== ch || dpr !== ratio) {
        canvas.width = cw;
        canvas.height = ch;
        ratio = dpr;
        whole = true;
      }
      const tilePx = TILE * view.s * dpr;
      const wanted = pictureSize(tilePx);
      if (wanted !== size) {
        size = wanted;
        atlas = pictureAtlas(size);
        whole = true;
      }
      const unit = TILE * view.s;
      const x0 = Math.max(0, Math.floor(-view.x / unit));
      const y0 = Math.max(0, Math.floor(-view.y / unit));
      const x1 = Math.min(cols - 1, Math.floor((width - view.x) / unit));
      const y1 = Math.min(rows - 1, Math.floor((height - view.y) / unit));
      ctx.imageSmoothingQuality = 'high';
      if (whole) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.fillStyle = BOARD_BG;
        ctx.fillRect(0, 0, cw, ch);
        // Tiles out of view are not painted now: the next whole paint draws them.
        shown.fill(-1);
      }
      // Pictures of looks not seen before are made first, so each atlas page changes once, not between copies.
      making: for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const i = x + y * cols;
          if (shown[i] === looks[i] || atlas.has(looks[i]!)) continue;
          if (performance.now() >= until) break making;
          atlas.slot(looks[i]!);
        }
      ctx.setTransform(dpr * view.s, 0, 0, dpr * view.s, dpr * view.x, dpr * view.y);
      pendingTiles = false;
      let count = 0;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const i = x + y * cols;
          const look = looks[i]!;
          if (shown[i] === look) continue;
          if (!atlas.has(look)) {
            pendingTiles = true;
            continue;
          }
          const px = x * TILE;
          const py = y * TILE;
          if (!whole) {
            // A single tile: clear its cell first (its picture leaves the gap round the ground unpainted).
            ctx.fillStyle = BOARD_BG;
            ctx.fillRect(px, py, TILE, TILE);
          }
          const slot = atlas.slot(look);
          ctx.drawImage(slot.page, slot.x, slot.y, size, size, px, py, TILE, TILE);
          shown[i] = look;
          count++;
        }
      }
      whole = false;
      return count;
    },
    pending: () => pendingTiles,
    painted: () => Array.from(shown),
  };
}
