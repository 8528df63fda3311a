/**
 * A static, scaled map (lobby preview, menu backdrop): the same art, no interaction. A map that covers its
 * box (the menu's backdrop, the first thing a visitor sees) is painted on a canvas by the canvas board's
 * painter (ARCHITECTURE §7.11): a few hundred SVG tiles with patterns cost a phone far more to lay out and
 * paint. Where the board draws SVG, so does this.
 */
import type { GameData } from '@four-banners/engine';
import { useEffect, useRef } from 'react';
import { afterNextPaint } from '../app/after-paint';
import { ArtDefs } from '../art/ArtDefs';
import { createTilePainter } from './canvas-tiles';
import { TILE } from './geometry';
import { boardRenderer } from './renderer';
import { TileLayer } from './TileLayer';

interface Props {
  readonly game: GameData;
  readonly className?: string;
  /** Fill the box, cropping the map's edges (the backdrop), rather than show the whole map in it. */
  readonly cover?: boolean;
}

export function MiniMap({ game, className, cover = false }: Props) {
  if (cover && game.tiles.length > 0 && boardRenderer() === 'canvas')
    return <CoverCanvas game={game} className={className} />;
  const w = game.width * TILE;
  const h = game.height * TILE;
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      className={className ?? 'fb-minimap'}
      preserveAspectRatio={cover ? 'xMidYMid slice' : 'xMidYMid meet'}
      role="img"
      aria-label={label(game)}
    >
      <ArtDefs />
      {game.tiles.length > 0 ? <TileLayer tiles={game.tiles} /> : <rect width={w} height={h} fill="#25262b" rx={12} />}
    </svg>
  );
}

const label = (game: GameData) => `Map preview, ${game.width} by ${game.height}`;

/** The longest slice of a cover paint, in ms: four times that on a slow phone stays under a long task (50 ms). */
const SLICE_MS = 8;

/**
 * The map scaled to cover the canvas's box, centred; repainted when the box changes size. It is a backdrop:
 * it paints after the frame that shows what is in front of it, in slices of SLICE_MS with the page free
 * between them, and the canvas is hidden (`data-painting`) until the whole map is on it.
 */
function CoverCanvas({ game, className }: { game: GameData; className?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current!;
    const painter = createTilePainter(canvas);
    if (!painter) return;
    painter.setTiles(game.tiles, game.width, game.height, -1);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      painter.paint(performance.now() + SLICE_MS);
      if (painter.pending()) timer = setTimeout(slice, 0);
      else delete canvas.dataset.painting;
    };
    const paint = () => {
      clearTimeout(timer);
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      const mapW = game.width * TILE;
      const mapH = game.height * TILE;
      const s = Math.max(width / mapW, height / mapH);
      painter.setView({ s, x: (width - mapW * s) / 2, y: (height - mapH * s) / 2 }, width, height);
      slice();
    };
    canvas.dataset.painting = '';
    const cancel = afterNextPaint(() => {
      paint();
      resized.observe(canvas);
    });
    const resized = new ResizeObserver(paint);
    return () => {
      cancel();
      clearTimeout(timer);
      resized.disconnect();
    };
  }, [game]);
  return <canvas ref={ref} className={className ?? 'fb-minimap'} role="img" aria-label={label(game)} />;
}
