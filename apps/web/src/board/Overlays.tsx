/** What is drawn over the tiles: selection, moveable and attackable tiles, banner spots, hover, last move. */
import type { Pos } from '@four-banners/engine';
import { memo } from 'react';
import { useStore, type Store } from '../app/store';
import { TILE } from './geometry';

export interface Marks {
  readonly selected: Pos | null;
  /** Empty tiles the selected unit may move to. */
  readonly moves: readonly Pos[];
  /** Enemy units the selected unit may attack. */
  readonly attacks: readonly Pos[];
  /** Tiles where the active country may place a banner now (the "white banner tiles"). */
  readonly bannerSpots: readonly Pos[];
  readonly lastMove: { from: Pos; to: Pos; seq: number; kind: 'move' | 'banner'; country: number } | null;
}

const c = (p: Pos) => ({ cx: p.x * TILE + TILE / 2, cy: p.y * TILE + TILE / 2 });

export const MarksLayer = memo(function MarksLayer({ marks }: { marks: Marks }) {
  const { selected, moves, attacks, bannerSpots, lastMove } = marks;
  return (
    <g className="fb-marks" pointerEvents="none">
      {bannerSpots.map((p) => (
        <g key={`b${p.x},${p.y}`} className="fb-banner-spot">
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
        <g key={`v${p.x},${p.y}`} className="fb-move">
          <rect x={p.x * TILE + 3} y={p.y * TILE + 3} width={TILE - 6} height={TILE - 6} rx={7} />
          <circle {...c(p)} r={7} />
        </g>
      ))}
      {attacks.map((p) => (
        <g key={`a${p.x},${p.y}`} className="fb-attack">
          <rect x={p.x * TILE + 3} y={p.y * TILE + 3} width={TILE - 6} height={TILE - 6} rx={7} />
          <circle {...c(p)} r={20} />
          <path
            d={`M${c(p).cx} ${c(p).cy - 27}v11M${c(p).cx} ${c(p).cy + 16}v11M${c(p).cx - 27} ${c(p).cy}h11M${c(p).cx + 16} ${c(p).cy}h11`}
          />
        </g>
      ))}
      {selected ? (
        <rect
          className="fb-selected"
          x={selected.x * TILE + 2}
          y={selected.y * TILE + 2}
          width={TILE - 4}
          height={TILE - 4}
          rx={8}
        />
      ) : null}
    </g>
  );
});

/** The hovered tile's outline; only this tiny layer re-renders while the pointer moves. */
export function HoverLayer({ hover }: { hover: Store<Pos | null> }) {
  const p = useStore(hover);
  if (!p) return null;
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
