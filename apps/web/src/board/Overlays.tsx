/**
 * What is drawn over the tiles: selection, moveable and attackable tiles, banner spots, hover, last move,
 * the unit sliding in on the canvas board, and the tiles that changed for the player since their last turn.
 */
import type { GameData, Pos, Tile } from '@four-banners/engine';
import { memo, useEffect } from 'react';
import { useStore, type Store } from '../app/store';
import { BADGE_BOX, pieceUrl } from '../art/art';
import { TILE } from './geometry';
import { attackOdds } from './odds';
import type { Arrival } from './TileLayer';
import { unitState } from './unit-state';

export interface Marks {
  readonly selected: Pos | null;
  /** Empty tiles the selected unit may move to. */
  readonly moves: readonly Pos[];
  /** Enemy units the selected unit may attack. */
  readonly attacks: readonly Pos[];
  /** Tiles where the active country may place a banner now (the "white banner tiles"). */
  readonly bannerSpots: readonly Pos[];
  readonly lastMove: { from: Pos; to: Pos; seq: number; kind: 'move' | 'banner'; country: number } | null;
  /** Tiles that changed for the player since their last turn ("Since your turn"): lost or gained. */
  readonly changed?: readonly ChangedMark[];
  /**
   * The last move is shown where it ended, without motion: a replay that jumped to it (a seek, a turn
   * step, a step back) rather than playing it. Its trail and ring stay still, and its unit does not slide in.
   */
  readonly still?: boolean;
}

/** A tile that changed for the player: `lost` (taken, unsettled, a unit lost there) or `gained`. */
export interface ChangedMark extends Pos {
  readonly kind: 'lost' | 'gained';
}

const c = (p: Pos) => ({ cx: p.x * TILE + TILE / 2, cy: p.y * TILE + TILE / 2 });

/** Four corner brackets inside tile `p`, `inset` from its edge, each arm `arm` long. */
function corners(p: Pos, inset: number, arm: number): string {
  const l = p.x * TILE + inset;
  const t = p.y * TILE + inset;
  const r = (p.x + 1) * TILE - inset;
  const b = (p.y + 1) * TILE - inset;
  return `M${l} ${t + arm}V${t}H${l + arm}M${r - arm} ${t}H${r}V${t + arm}M${r} ${b - arm}V${b}H${r - arm}M${l + arm} ${b}H${l}V${b - arm}`;
}

export const MarksLayer = memo(function MarksLayer({ marks, game }: { marks: Marks; game: GameData }) {
  const { selected, moves, attacks, bannerSpots, lastMove, changed = [], still = false } = marks;
  return (
    <g className={still ? 'fb-marks fb-still' : 'fb-marks'} pointerEvents="none">
      {changed.map((p) => (
        <g key={`c${p.x},${p.y}`} className="fb-changed" data-x={p.x} data-y={p.y} data-kind={p.kind}>
          <rect x={p.x * TILE + 4} y={p.y * TILE + 4} width={TILE - 8} height={TILE - 8} rx={6} />
        </g>
      ))}
      {bannerSpots.map((p) => (
        <g key={`b${p.x},${p.y}`} className="fb-banner-spot" data-x={p.x} data-y={p.y}>
          <rect x={p.x * TILE + 5} y={p.y * TILE + 5} width={TILE - 10} height={TILE - 10} rx={6} />
          <path
            d={`M${p.x * TILE + 25} ${p.y * TILE + 46}V${p.y * TILE + 17}H${p.x * TILE + 44}L${p.x * TILE + 39} ${p.y * TILE + 23.5}L${p.x * TILE + 44} ${p.y * TILE + 30}H${p.x * TILE + 25}`}
          />
        </g>
      ))}
      {lastMove && lastMove.kind === 'move' ? (
        <line
          key={`m${lastMove.seq}`}
          className="fb-trail"
          x1={c(lastMove.from).cx}
          y1={c(lastMove.from).cy}
          x2={c(lastMove.to).cx}
          y2={c(lastMove.to).cy}
        />
      ) : null}
      {lastMove ? <circle key={`p${lastMove.seq}`} className="fb-ping" {...c(lastMove.to)} r={26} /> : null}
      {moves.map((p) => (
        <g key={`v${p.x},${p.y}`} className="fb-move" data-x={p.x} data-y={p.y}>
          <rect x={p.x * TILE + 3} y={p.y * TILE + 3} width={TILE - 6} height={TILE - 6} rx={7} />
          <circle {...c(p)} r={9} />
        </g>
      ))}
      {attacks.map((p) => {
        const { cx, cy } = c(p);
        const odds = selected ? attackOdds(game, selected, p) : null;
        return (
          <g key={`a${p.x},${p.y}`} className="fb-attack" data-x={p.x} data-y={p.y} data-odds={odds ?? undefined}>
            <rect x={p.x * TILE + 3} y={p.y * TILE + 3} width={TILE - 6} height={TILE - 6} rx={7} />
            <path className="fb-attack-reticle" d={corners(p, 3, 16)} />
            {odds !== null ? (
              <g className="fb-odds">
                <rect x={cx - 21} y={cy + 13} width={42} height={18} rx={9} />
                <text x={cx} y={cy + 26.5} textAnchor="middle">
                  {odds}%
                </text>
              </g>
            ) : null}
          </g>
        );
      })}
      {selected ? (
        <g className="fb-selected">
          <rect x={selected.x * TILE + 2.5} y={selected.y * TILE + 2.5} width={TILE - 5} height={TILE - 5} rx={8} />
          <rect
            className="fb-selected-inner"
            x={selected.x * TILE + 6}
            y={selected.y * TILE + 6}
            width={TILE - 12}
            height={TILE - 12}
            rx={5}
          />
        </g>
      ) : null}
    </g>
  );
});

/**
 * The hovered tile's outline; only this tiny layer re-renders while the pointer moves. A tile a pointer
 * did not put there (`byPointer` tells) is the keyboard cursor, drawn boldly so it never looks like a
 * passing mouse.
 */
export function HoverLayer({ hover, byPointer }: { hover: Store<Pos | null>; byPointer: (p: Pos | null) => boolean }) {
  const p = useStore(hover);
  if (!p) return null;
  if (!byPointer(p)) {
    return (
      <g className="fb-cursor" pointerEvents="none" data-testid="board-cursor" data-x={p.x} data-y={p.y}>
        <rect x={p.x * TILE + 2.5} y={p.y * TILE + 2.5} width={TILE - 5} height={TILE - 5} rx={8} />
        <path d={corners(p, -3, 18)} />
      </g>
    );
  }
  return (
    <rect
      className="fb-hover"
      pointerEvents="none"
      x={p.x * TILE + 2}
      y={p.y * TILE + 2}
      width={TILE - 4}
      height={TILE - 4}
      rx={8}
    />
  );
}

/**
 * The canvas board's unit that just arrived, sliding in from where it came (the canvas paints its tile
 * without it meanwhile); `onLanded` when the slide is over, so the canvas paints it in place.
 */
export function ArrivingUnit({ tile, arrival, onLanded }: { tile: Tile; arrival: Arrival; onLanded: () => void }) {
  // Lands even where the slide never runs or never ends (a hidden page, animations off).
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per arrival, keyed by its seq
  useEffect(() => {
    const t = setTimeout(onLanded, 400);
    return () => clearTimeout(t);
  }, [arrival.seq]);
  const unit = tile.unit;
  if (!unit) return null;
  const x = tile.pos.x * TILE;
  const y = tile.pos.y * TILE;
  const state = unitState(tile);
  const faded = state === 'attacked' || state === 'new';
  const pad = (BADGE_BOX - 16) / 2;
  return (
    <g
      key={arrival.seq}
      className="fb-arrive"
      pointerEvents="none"
      onAnimationEnd={onLanded}
      style={{ '--dx': `${arrival.dx * TILE}px`, '--dy': `${arrival.dy * TILE}px` } as React.CSSProperties}
    >
      <image
        href={pieceUrl(`unit-${unit.id as 0}`, faded ? 0.78 : 1)}
        x={x + (tile.landmark >= 0 ? 10 : 5)}
        y={y + 6}
        width={54}
        height={54}
      />
      {state && state !== 'ready' ? (
        <image
          href={pieceUrl(`badge-${state}`)}
          x={x + 44 - pad}
          y={y + 4 - pad}
          width={BADGE_BOX}
          height={BADGE_BOX}
        />
      ) : null}
    </g>
  );
}
