/**
 * What the renderers bench (renderers.bench.ts) asks of a board: the product's Canvas 2D painter
 * (canvas-board.ts) and a PixiJS WebGL board (pixi-board.ts) both answer it, on the page in page.ts.
 */
import type { Tile } from '@four-banners/engine';
import type { View } from '../../src/board/geometry';

export interface BenchBoard {
  /** What draws, e.g. "Canvas 2D" or "PixiJS webgl". */
  readonly name: string;
  /** The GL renderer string (WEBGL_debug_renderer_info), or null when no GL draws the board. */
  readonly backend: string | null;
  /** How long making the renderer itself took, in ms, within the first draw (PixiJS: `Application.init`). */
  readonly setupMs: number;
  /** Shows a new game state and draws it before returning; returns how many tiles were drawn anew. */
  show(tiles: readonly Tile[]): number;
  /** Moves the view and draws it before returning. */
  move(view: View): void;
}

export interface BoardSetup {
  /** The element the board's canvas goes in (the whole viewport). */
  readonly host: HTMLElement;
  /** The viewport, in CSS px. */
  readonly width: number;
  readonly height: number;
  readonly cols: number;
  readonly rows: number;
  readonly view: View;
  readonly tiles: readonly Tile[];
}

/** Makes a board and draws its first frame before the promise settles. */
export type CreateBoard = (setup: BoardSetup) => Promise<BenchBoard>;
