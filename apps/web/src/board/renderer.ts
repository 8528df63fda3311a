/**
 * Which board draws the map (ARCHITECTURE §7.11): the canvas board, or the SVG board where a browser has
 * no 2D canvas. `localStorage['board-renderer'] = 'svg'` asks for the SVG board (the bench draws both).
 */
import type { LookParts } from './tile-look';

export type BoardRenderer = 'canvas' | 'svg';

export const RENDERER_KEY = 'board-renderer';

let chosen: BoardRenderer | null = null;

/** The renderer boards use on this page, chosen once. */
export function boardRenderer(): BoardRenderer {
  if (chosen) return chosen;
  let asked: string | null = null;
  try {
    asked = localStorage.getItem(RENDERER_KEY);
  } catch {
    // No storage: the default.
  }
  const canvas = typeof document !== 'undefined' && !!document.createElement('canvas').getContext?.('2d');
  chosen = asked === 'svg' || !canvas ? 'svg' : 'canvas';
  return chosen;
}

/**
 * Fixes the renderer for this page. The build prerenders the first screen in Node, which has no canvas,
 * and it must draw what a browser with a 2D canvas draws (the canvas board's boxes, not SVG tiles).
 */
export function setBoardRenderer(renderer: BoardRenderer): void {
  chosen = renderer;
}

/** What a test or the bench can read of the game's board (`window.fourBanners.board()`). */
export interface BoardProbe {
  readonly renderer: BoardRenderer;
  /** The view: translation in CSS px and CSS px per map unit (a tile is 64 units). */
  readonly view: { readonly x: number; readonly y: number; readonly s: number };
  /** The board's viewport in page coordinates. */
  readonly width: number;
  readonly height: number;
  /** The canvas board: what each tile was last painted as (null: not painted, e.g. out of view), row-major; null on the SVG board. */
  readonly painted: readonly (LookParts | null)[] | null;
}

/** The most recently mounted board that can be probed, if any. */
export const boardProbes: { current: (() => BoardProbe) | null } = { current: null };
