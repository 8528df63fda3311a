/** A die face (1-6) as SVG. */
const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

export function Die({ value, colour, size = 44 }: { value: number; colour: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="-20 -20 40 40" role="img" aria-label={`die showing ${value}`} className="fb-die">
      <rect x={-18} y={-18} width={36} height={36} rx={8} fill="#f1f2f4" stroke={colour} strokeWidth={3.5} />
      {(PIPS[value] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x * 9} cy={y * 9} r={3.6} fill="#15161a" />
      ))}
    </svg>
  );
}
