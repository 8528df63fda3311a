/**
 * The renderers bench's Canvas 2D board: the product's own painter (canvas-tiles.ts), driven as
 * Board.tsx drives it — a new state or view is painted synchronously, before the browser's next frame.
 */
import { createTilePainter } from '../../src/board/canvas-tiles';
import type { CreateBoard } from './boards';

export const createBoard: CreateBoard = async ({ host, width, height, cols, rows, view, tiles }) => {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = `display:block;width:${width}px;height:${height}px`;
  host.append(canvas);
  const painter = createTilePainter(canvas);
  if (!painter) throw new Error('this browser has no 2D canvas');
  painter.setTiles(tiles, cols, rows, -1);
  painter.setView(view, width, height);
  painter.paint();
  return {
    name: 'Canvas 2D',
    backend: null,
    setupMs: 0,
    show(next) {
      painter.setTiles(next, cols, rows, -1);
      return painter.paint();
    },
    move(next) {
      painter.setView(next, width, height);
      painter.paint();
    },
  };
};
