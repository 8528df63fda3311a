/**
 * The map's tiles: one group per tile, row-major, naming its land pattern, with the ground (a rounded
 * square filled with the country's pattern) and what stands on it. Two things keep a redraw of a whole
 * 32×32 map cheap (a replay's far seek): a tile is memoised on its content, not its object, so only
 * tiles whose content really changed re-render; and units, landmarks and badges are placed as one
 * <image> of a bitmap each (art/bitmaps.ts) rather than a <use> of a symbol, which costs the browser a
 * shadow tree to style and several shapes to paint. Until the bitmaps are made (a large map starts
 * them), the symbols are used.
 */
import { LANDMARK, TILE_TYPE, type Tile } from '@four-banners/engine';
import { memo, useEffect } from 'react';
import { useStore } from '../app/store';
import { BADGE_BOX, SETTLED_EDGE, UNOWNED_FILL, landPatternId, type ArtPiece, type LandKind } from '../art/art';
import { BITMAPS_FROM_TILES, artBitmaps, artKey, prepareArtBitmaps, type ArtBitmaps } from '../art/bitmaps';
import { TILE } from './geometry';
import { unitState } from './unit-state';

const LANDMARK_PIECE: Record<number, ArtPiece> = {
  [LANDMARK.mountains]: 'mountains',
  [LANDMARK.forest]: 'forest',
  [LANDMARK.chest]: 'chest',
};

/** The kind of land `tile` is, as its pattern names it. */
const landKind = (tile: Tile): LandKind => (tile.type === TILE_TYPE.settled ? 'settled' : 'nomad');

/** Where a unit that just arrived came from, in tiles, so it can slide in; keyed by the move's seq. */
export interface Arrival {
  readonly seq: number;
  readonly dx: number;
  readonly dy: number;
}

interface TileProps {
  readonly tile: Tile;
  readonly arrival?: Arrival;
  readonly art: ArtBitmaps | null;
}

/** Whether two tiles look the same on the board (all a tile's drawing depends on). */
function sameLook(a: Tile, b: Tile): boolean {
  if (a === b) return true;
  if (
    a.owner !== b.owner ||
    a.type !== b.type ||
    a.landmark !== b.landmark ||
    a.pos.x !== b.pos.x ||
    a.pos.y !== b.pos.y
  )
    return false;
  const u = a.unit;
  const v = b.unit;
  return u === v || (!!u && !!v && u.id === v.id && u.moved === v.moved && u.attacked === v.attacked);
}

/** A tile re-renders only when its look, its arrival or the bitmaps changed (not for a new but equal tile object). */
const sameTileProps = (a: TileProps, b: TileProps) =>
  a.arrival === b.arrival && a.art === b.art && sameLook(a.tile, b.tile);

/** The <symbol> of a drawing (ArtDefs), drawn until the bitmaps are ready. */
const symbolOf = (piece: ArtPiece) => `#fb-${piece.startsWith('badge-') ? piece.slice(6) : piece}`;

/** Draws `piece` in the square at (x, y) of side `size`: its bitmap when there are bitmaps, else its symbol. */
function piece(art: ArtBitmaps | null, name: ArtPiece, x: number, y: number, size: number, opacity = 1) {
  const bitmap = art?.get(artKey(name, opacity));
  if (bitmap) return <image href={bitmap} x={x} y={y} width={size} height={size} />;
  return (
    <use href={symbolOf(name)} x={x} y={y} width={size} height={size} opacity={opacity === 1 ? undefined : opacity} />
  );
}

const TileView = memo(function TileView({ tile, arrival, art }: TileProps) {
  const x = tile.pos.x * TILE;
  const y = tile.pos.y * TILE;
  const owner = tile.owner;
  const kind = landKind(tile);
  const landmark =
    tile.landmark === LANDMARK.banner
      ? (`banner-${owner < 0 ? 0 : (owner as 0)}` as const)
      : LANDMARK_PIECE[tile.landmark];
  const unit = tile.unit ? tile.unit.id : -1;
  const state = unitState(tile);
  // A unit that has acted (or was just raised) is drawn a little faded; a landmark under a unit, small.
  const faded = state === 'attacked' || state === 'new';
  const unitImage =
    unit >= 0 ? piece(art, `unit-${unit as 0}`, x + (landmark ? 10 : 5), y + 6, 54, faded ? 0.78 : 1) : null;
  let badge = null;
  if (state && state !== 'ready') {
    // A bitmap badge has room around its disc for the outline; the symbol draws past its box instead.
    const bitmap = art?.get(artKey(`badge-${state}`));
    const pad = (BADGE_BOX - 16) / 2;
    badge = bitmap ? (
      <image href={bitmap} data-badge={state} x={x + 44 - pad} y={y + 4 - pad} width={BADGE_BOX} height={BADGE_BOX} />
    ) : (
      <use href={symbolOf(`badge-${state}`)} data-badge={state} x={x + 44} y={y + 4} width={16} height={16} />
    );
  }
  return (
    // Each country's land carries its own pattern (emblem and hatch), not only its colour.
    <g data-pattern={owner < 0 ? undefined : landPatternId(owner, kind)}>
      <rect
        x={x + 1.5}
        y={y + 1.5}
        width={TILE - 3}
        height={TILE - 3}
        rx={7}
        fill={owner < 0 ? UNOWNED_FILL : `url(#${landPatternId(owner, kind)})`}
        stroke={kind === 'settled' && owner >= 0 ? SETTLED_EDGE[owner] : undefined}
        strokeOpacity={0.55}
        strokeWidth={2}
      />
      {landmark
        ? unit >= 0
          ? piece(art, landmark, x + 1, y + 1, 30, 0.9)
          : piece(art, landmark, x + 2, y + 2, TILE - 4)
        : null}
      {arrival && unitImage ? (
        // Only the unit that just arrived gets a group of its own, to slide in from where it came.
        <g
          key={`a${arrival.seq}`}
          className="fb-arrive"
          style={{ '--dx': `${arrival.dx * TILE}px`, '--dy': `${arrival.dy * TILE}px` } as React.CSSProperties}
        >
          {unitImage}
          {badge}
        </g>
      ) : (
        <>
          {unitImage}
          {badge}
        </>
      )}
    </g>
  );
}, sameTileProps);

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
  const art = useStore(artBitmaps);
  const large = tiles.length > BITMAPS_FROM_TILES;
  useEffect(() => {
    if (large) prepareArtBitmaps();
  }, [large]);
  return (
    <g className="fb-tiles">
      {tiles.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a tile's index is its place on the map, the identity React should keep
        <TileView key={i} tile={t} arrival={i === arrivalIndex ? arrival : undefined} art={art} />
      ))}
    </g>
  );
});
