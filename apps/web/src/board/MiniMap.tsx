/** A static, scaled map (lobby preview, menu backdrop): the same art, no interaction. */
import type { GameData } from '@four-banners/engine';
import { ArtDefs } from '../art/ArtDefs';
import { TILE } from './geometry';
import { TileLayer } from './TileLayer';

export function MiniMap({ game, className, cover = false }: { game: GameData; className?: string; cover?: boolean }) {
  const w = game.width * TILE;
  const h = game.height * TILE;
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      className={className ?? 'fb-minimap'}
      preserveAspectRatio={cover ? 'xMidYMid slice' : 'xMidYMid meet'}
      role="img"
      aria-label={`Map preview, ${game.width} by ${game.height}`}
    >
      <ArtDefs />
      {game.tiles.length > 0 ? <TileLayer tiles={game.tiles} /> : <rect width={w} height={h} fill="#25262b" rx={12} />}
    </svg>
  );
}
