/**
 * The map's tiles. Each tile is memoised on its object: the engine returns new tile objects only for
 * tiles an action changed, so an action re-renders a handful of tiles, and hover renders none.
 */
import { LANDMARK, TILE_TYPE, type Tile } from '@four-banners/engine';
import { memo } from 'react';
import { SETTLED_EDGE, UNOWNED_FILL, landPatternId } from '../art/art';
import { TILE } from './geometry';
import { unitState } from './unit-state';

const BADGE = { new: '#fb-new', attacked: '#fb-attacked', moved: '#fb-moved' } as const;

const LANDMARK_SYMBOL: Record<number, string> = {
  [LANDMARK.mountains]: '#fb-mountains',
  [LANDMARK.forest]: '#fb-forest',
  [LANDMARK.chest]: '#fb-chest',
};

/** Where a unit that just arrived came from, in tiles, so it can slide in; keyed by the move's seq. */
export interface Arrival {
  readonly seq: number;
  readonly dx: number;
  readonly dy: number;
}

const TileView = memo(function TileView({ tile, arrival }: { tile: Tile; arrival?: Arrival }) {
  const x = tile.pos.x * TILE;
  const y = tile.pos.y * TILE;
  const owner = tile.owner;
  const settled = tile.type === TILE_TYPE.settled;
  // Each country's land carries its own pattern (emblem and hatch), not only its colour.
  const pattern = owner < 0 ? undefined : landPatternId(owner, settled ? 'settled' : 'nomad');
  const fill = pattern ? `url(#${pattern})` : UNOWNED_FILL;
  const unit = tile.unit;
  const state = unitState(tile);
  const landmarkHref =
    tile.landmark === LANDMARK.banner ? `#fb-banner-${owner < 0 ? 0 : owner}` : LANDMARK_SYMBOL[tile.landmark];
  return (
    <g data-pattern={pattern}>
      <rect
        x={x + 1.5}
        y={y + 1.5}
        width={TILE - 3}
        height={TILE - 3}
        rx={7}
        fill={fill}
        stroke={settled && owner >= 0 ? SETTLED_EDGE[owner] : 'none'}
        strokeOpacity={0.55}
        strokeWidth={2}
      />
      {landmarkHref ? (
        unit ? (
          <use href={landmarkHref} x={x + 1} y={y + 1} width={30} height={30} opacity={0.9} />
        ) : (
          <use href={landmarkHref} x={x + 2} y={y + 2} width={TILE - 4} height={TILE - 4} />
        )
      ) : null}
      {unit ? (
        <g
          key={arrival ? `a${arrival.seq}` : 'u'}
          className={arrival ? 'fb-arrive' : undefined}
          style={arrival ? ({ '--dx': `${arrival.dx * TILE}px`, '--dy': `${arrival.dy * TILE}px` } as React.CSSProperties) : undefined}
        >
          <use
            href={`#fb-unit-${unit.id}`}
            x={x + (landmarkHref ? 10 : 5)}
            y={y + 6}
            width={54}
            height={54}
            opacity={unit.attacked ? 0.78 : 1}
          />
          {state && state !== 'ready' ? <use href={BADGE[state]} x={x + 44} y={y + 4} width={16} height={16} /> : null}
        </g>
      ) : null}
    </g>
  );
});

/** All tiles of the map, row-major; `arrival` slides the unit on tile `arrivalIndex` in. */
export const TileLayer = memo(function TileLayer({
  tiles,
  arrival,
  arrivalIndex = -1,
}: {
  tiles: readonly Tile[];
  arrival?: Arrival;
  arrivalIndex?: number;
}) {
  return (
    <g className="fb-tiles">
      {tiles.map((t, i) => (
        <TileView key={i} tile={t} arrival={i === arrivalIndex ? arrival : undefined} />
      ))}
    </g>
  );
});
