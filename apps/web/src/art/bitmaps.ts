/**
 * The board's drawings as bitmaps: each unit, banner, landmark and badge drawing is rasterised once
 * (from its SVG, at the map's largest zoom) into a PNG the board then places with one <image> element.
 * A <use> of a <symbol> costs the browser a shadow tree to style and several shapes to paint per tile;
 * a bitmap is decoded once and only copied, which keeps redrawing a whole 32×32 map cheap (a replay's
 * far seek). Until the bitmaps are ready (or where a browser cannot make them) the board uses the symbols.
 */
import { createStore } from '../app/store';
import { BADGE_BOX, pieceUrl, type ArtPiece } from './art';

/**
 * Maps with more tiles than this make the bitmaps; smaller ones redraw cheaply with the symbols (the
 * menu's backdrop, a lobby's preview), so opening the app costs nothing more.
 */
export const BITMAPS_FROM_TILES = 400;

/** A bitmap per drawing and opacity, by `artKey`. */
export type ArtBitmaps = ReadonlyMap<string, string>;

/** The bitmaps, once made; null before (or when they cannot be made). */
export const artBitmaps = createStore<ArtBitmaps | null>(null);

/** The key of a drawing at an opacity. */
export const artKey = (piece: ArtPiece, opacity = 1) => `${piece}@${opacity}`;

/** The map's largest zoom (geometry.ts MAX_SCALE): bitmaps are made for it, so they stay sharp. */
const LARGEST_ZOOM = 3;

const COUNTRIES = [0, 1, 2, 3] as const;
/** Every drawing the board places, at the opacities it uses them. */
const WANTED: readonly [ArtPiece, number][] = [
  ...COUNTRIES.flatMap((c): [ArtPiece, number][] => [
    [`unit-${c}`, 1],
    [`unit-${c}`, 0.78],
    [`banner-${c}`, 1],
    [`banner-${c}`, 0.9],
  ]),
  ...(['mountains', 'forest', 'chest'] as const).flatMap((p): [ArtPiece, number][] => [
    [p, 1],
    [p, 0.9],
  ]),
  ['badge-new', 1],
  ['badge-moved', 1],
  ['badge-attacked', 1],
];

let started = false;

/** Starts making the bitmaps (once per page, one at a time); the board re-renders with them when they are ready. */
export function prepareArtBitmaps(): void {
  if (started) return;
  started = true;
  if (typeof document === 'undefined' || typeof HTMLImageElement.prototype.decode !== 'function') return;
  void (async () => {
    const density = Math.min(2, Math.max(1, globalThis.devicePixelRatio || 1));
    const made = new Map<string, string>();
    for (const [piece, opacity] of WANTED) {
      // A pause between drawings, so the page stays responsive while they are made.
      await new Promise((done) => setTimeout(done, 0));
      const img = new Image();
      img.src = pieceUrl(piece, opacity);
      await img.decode();
      const size = Math.ceil((piece.startsWith('badge-') ? BADGE_BOX : 64) * LARGEST_ZOOM * density);
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.drawImage(img, 0, 0, size, size);
      // A data: URL (the app's content policy allows images from 'self' and data: only).
      made.set(artKey(piece, opacity), canvas.toDataURL('image/png'));
    }
    artBitmaps.set(made);
  })().catch(() => {
    // No bitmaps: the board keeps drawing the SVG symbols, which look the same.
  });
}
