/**
 * The canvas board's tile painter (ARCHITECTURE §7.11). The canvas covers the board's viewport, not the
 * map: a pan or a zoom repaints the tiles in view, each one a single copy of a ready picture of its look
 * (tile-look.ts), made once per look at the tile's size on screen; a new game state repaints only the tiles
 * whose look changed. Pictures are painted from the same SVG art as the SVG board (canvas-art.ts), so both
 * boards look the same, and nothing waits for an image to load.
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
const cellPath = () => {
  const p = new Path2D();
  p.rect(0, 0, TILE, TILE);
  return p;
};

function newCanvas(size: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = size;
  c.height = size;
  return c;
}

/**
 * Paints `piece` into the square (x, y, size) of a 64-unit tile on `ctx`. An opacity below 1 applies to
 * the drawing as a whole (as SVG's group opacity does), so it is painted apart first.
 */
function paintPiece(ctx: CanvasRenderingContext2D, piece: ArtPiece, x: number, y: number, size: number, alpha: number) {
  const badge = piece.startsWith('badge-');
  const box = badge ? BADGE_BOX : TILE;
  if (alpha === 1) {
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(size / box, size / box);
    if (badge) ctx.translate(BADGE_BOX / 2, BADGE_BOX / 2);
    paintArt(ctx, pieceArt(piece));
    ctx.restore();
    return;
  }
  const scale = ctx.getTransform().a;
  const px = Math.max(1, Math.ceil(size * scale));
  const apart = newCanvas(px);
  const actx = apart.getContext('2d')!;
  actx.scale(px / box, px / box);
  if (badge) actx.translate(BADGE_BOX / 2, BADGE_BOX / 2);
  paintArt(actx, pieceArt(piece));
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.drawImage(apart, x, y, size, size);
  ctx.restore();
}

/** The picture of a tile of look `look`, `size` device pixels square: what the SVG board's tile shows. */
export function paintLook(look: number, size: number): HTMLCanvasElement {
  const c = newCanvas(size);
  const ctx = c.getContext('2d')!;
  ctx.scale(size / TILE, size / TILE);
  const { owner, land, landmark, unit, state } = lookParts(look);
  const ground = groundPath();
  if (owner < 0) {
    ctx.fillStyle = UNOWNED_FILL;
    ctx.fill(ground);
  } else {
    ctx.save();
    ctx.clip(ground);
    paintArt(ctx, landArt(owner, land));
    ctx.restore();
    if (land === 'settled') {
      ctx.save();
      ctx.globalAlpha = 0.55;
      ctx.strokeStyle = SETTLED_EDGE[owner]!;
      ctx.lineWidth = 2;
      ctx.stroke(ground);
      ctx.restore();
    }
  }
  if (landmark) {
    if (unit) paintPiece(ctx, landmark, 1, 1, 30, 0.9);
    else paintPiece(ctx, landmark, 2, 2, TILE - 4, 1);
  }
  if (unit) {
    // A unit that has acted (or was just raised) is drawn a little faded.
    const faded = state === 'attacked' || state === 'new';
    paintPiece(ctx, unit, landmark ? 10 : 5, 6, 54, faded ? 0.78 : 1);
  }
  if (state && state !== 'ready') {
    const pad = (BADGE_BOX - 16) / 2;
    paintPiece(ctx, `badge-${state}`, 44 - pad, 4 - pad, BADGE_BOX, 1);
  }
  return c;
}

/** Paints a board's tiles on a viewport-sized canvas. */
export interface TilePainter {
  /** The tiles to show; the unit on tile `hiddenUnit` (an index, or -1) is left out. */
  setTiles(tiles: readonly Tile[], cols: number, rows: number, hiddenUnit: number): void;
  /** The view and the viewport's CSS size: a change repaints every tile in view. */
  setView(view: View, width: number, height: number): void;
  /** Paints what changed since the last paint; returns how many tiles it painted. */
  paint(): number;
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
  const pictures = new Map<number, HTMLCanvasElement>();
  const cell = cellPath();

  const picture = (look: number) => {
    let p = pictures.get(look);
    if (!p) pictures.set(look, (p = paintLook(look, size)));
    return p;
  };

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
    paint() {
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
        pictures.clear();
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
      ctx.setTransform(dpr * view.s, 0, 0, dpr * view.s, dpr * view.x, dpr * view.y);
      let count = 0;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const i = x + y * cols;
          const look = looks[i]!;
          if (shown[i] === look) continue;
          const px = x * TILE;
          const py = y * TILE;
          if (!whole) {
            // A single tile: clear its cell first (its picture leaves the gap round the ground unpainted).
            ctx.save();
            ctx.translate(px, py);
            ctx.clip(cell);
            ctx.fillStyle = BOARD_BG;
            ctx.fill(cell);
            ctx.restore();
          }
          ctx.drawImage(picture(look), px, py, TILE, TILE);
          shown[i] = look;
          count++;
        }
      }
      whole = false;
      return count;
    },
    painted: () => Array.from(shown),
  };
}
