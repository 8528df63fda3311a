/** A die face (1-6) as SVG, and a die tumbling through faces before it settles (the fight card's roll). */
import type { CSSProperties } from 'react';
import { ROLL_MS, tumbleFaces } from '../../art/dice';
import './dice.css';

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function Face({ value, colour }: { value: number; colour: string }) {
  return (
    <>
      <rect x={-18} y={-18} width={36} height={36} rx={8} fill="#f1f2f4" stroke={colour} strokeWidth={3.5} />
      {(PIPS[value] ?? []).map(([x, y], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a face's pips are fixed: the index is the pip
        <circle key={i} cx={x * 9} cy={y * 9} r={3.6} fill="#15161a" />
      ))}
    </>
  );
}

/** A die showing `value`; `settled` when it lands after a roll (a short bounce instead of the throw). */
export function Die({
  value,
  colour,
  size = 44,
  settled = false,
}: {
  value: number;
  colour: string;
  size?: number;
  settled?: boolean;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="-20 -20 40 40"
      role="img"
      aria-label={`die showing ${value}`}
      className={settled ? 'fb-die fb-die-settled' : 'fb-die'}
    >
      <Face value={value} colour={colour} />
    </svg>
  );
}

/**
 * A die tumbling toward `value` for the roll's length: its faces flip by in CSS alone (no re-render per
 * face), each shown for one step, the last held until the card shows the result. `salt` keeps the two
 * dice of a fight out of step.
 */
export function RollingDie({
  value,
  colour,
  salt,
  size = 44,
}: {
  value: number;
  colour: string;
  salt: number;
  size?: number;
}) {
  const faces = tumbleFaces(value, salt);
  const step = ROLL_MS / faces.length;
  return (
    <svg
      width={size}
      height={size}
      viewBox="-20 -20 40 40"
      role="img"
      aria-label="die rolling"
      className="fb-die-rolling"
      style={{ '--fb-roll-ms': `${ROLL_MS}ms`, '--fb-spin': salt % 2 ? -1 : 1 } as CSSProperties}
    >
      {faces.map((face, i) => (
        <g
          // biome-ignore lint/suspicious/noArrayIndexKey: the roll's frames are a fixed sequence: the index is the frame
          key={i}
          className={i === faces.length - 1 ? 'fb-die-frame fb-die-frame-last' : 'fb-die-frame'}
          style={{ animationDelay: `${Math.round(i * step)}ms`, animationDuration: `${Math.round(step)}ms` }}
        >
          <Face value={face} colour={colour} />
        </g>
      ))}
    </svg>
  );
}
