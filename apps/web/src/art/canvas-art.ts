/**
 * The game's SVG art (art.ts) drawn on a 2D canvas: the markup is compiled once into a list of paint
 * operations (a Path2D each, with its fill, stroke and opacity), so the canvas board draws the very same
 * drawings synchronously, at any size, with no image to decode. Only the SVG the art uses is understood:
 * `g` (opacity, transform), `path`, `rect`, `circle` and `ellipse`, with fill, stroke and their opacities,
 * stroke width, joins and caps, and `translate`/`scale` transforms.
 */

/** One shape to paint; coordinates in the drawing's own units (a 64×64 grid for tiles). */
export interface PaintOp {
  readonly path: Path2D;
  /** null: not filled. */
  readonly fill: string | null;
  readonly stroke: string | null;
  readonly lineWidth: number;
  readonly lineJoin: CanvasLineJoin;
  readonly lineCap: CanvasLineCap;
  /** Opacity of the fill and of the stroke, the element's and its groups' opacity included. */
  readonly fillAlpha: number;
  readonly strokeAlpha: number;
  /** The element's transform with its groups', as a 2D matrix [a, b, c, d, e, f]. */
  readonly matrix: Matrix;
}

type Matrix = readonly [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** A `transform` attribute of translate() and scale() steps as a matrix. */
export function parseTransform(value: string | null): Matrix {
  let m = IDENTITY;
  if (!value) return m;
  for (const [, fn, args] of value.matchAll(/(translate|scale)\(([^)]*)\)/g)) {
    const [a = 0, b] = args!
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    m = multiply(m, fn === 'translate' ? [1, 0, 0, 1, a, b ?? 0] : [a, 0, 0, b ?? a, 0, 0]);
  }
  return m;
}

const num = (el: Element, name: string, fallback = 0) => {
  const v = el.getAttribute(name);
  return v === null ? fallback : Number(v);
};

/** The element's outline as a Path2D, or null for an element that draws nothing. */
function shapeOf(el: Element): Path2D | null {
  switch (el.tagName) {
    case 'path':
      return new Path2D(el.getAttribute('d') ?? '');
    case 'rect': {
      const p = new Path2D();
      const [x, y, w, h] = [num(el, 'x'), num(el, 'y'), num(el, 'width'), num(el, 'height')];
      const r = num(el, 'rx', num(el, 'ry'));
      if (r > 0) p.roundRect(x, y, w, h, r);
      else p.rect(x, y, w, h);
      return p;
    }
    case 'circle': {
      const p = new Path2D();
      p.arc(num(el, 'cx'), num(el, 'cy'), num(el, 'r'), 0, Math.PI * 2);
      return p;
    }
    case 'ellipse': {
      const p = new Path2D();
      p.ellipse(num(el, 'cx'), num(el, 'cy'), num(el, 'rx'), num(el, 'ry'), 0, 0, Math.PI * 2);
      return p;
    }
    default:
      return null;
  }
}

interface Inherited {
  readonly alpha: number;
  readonly matrix: Matrix;
}

function collect(el: Element, up: Inherited, out: PaintOp[]): void {
  const alpha = up.alpha * num(el, 'opacity', 1);
  const matrix = multiply(up.matrix, parseTransform(el.getAttribute('transform')));
  if (el.tagName === 'g' || el.tagName === 'svg') {
    for (const child of el.children) collect(child, { alpha, matrix }, out);
    return;
  }
  const path = shapeOf(el);
  if (!path) return;
  const fill = el.getAttribute('fill') ?? '#000';
  const stroke = el.getAttribute('stroke');
  out.push({
    path,
    fill: fill === 'none' ? null : fill,
    stroke: stroke && stroke !== 'none' ? stroke : null,
    lineWidth: num(el, 'stroke-width', 1),
    lineJoin: (el.getAttribute('stroke-linejoin') as CanvasLineJoin | null) ?? 'miter',
    lineCap: (el.getAttribute('stroke-linecap') as CanvasLineCap | null) ?? 'butt',
    fillAlpha: alpha * num(el, 'fill-opacity', 1),
    strokeAlpha: alpha * num(el, 'stroke-opacity', 1),
    matrix,
  });
}

/** Compiles art markup (the inside of an `<svg>`) into paint operations. Needs a DOM with Path2D. */
export function compileArt(markup: string): PaintOp[] {
  const doc = new DOMParser().parseFromString(
    `<svg xmlns="http://www.w3.org/2000/svg">${markup}</svg>`,
    'image/svg+xml',
  );
  const out: PaintOp[] = [];
  collect(doc.documentElement, { alpha: 1, matrix: IDENTITY }, out);
  return out;
}

/** Paints `ops` on `ctx` in its current transform, with `alpha` on top of their own opacities. */
export function paintArt(ctx: CanvasRenderingContext2D, ops: readonly PaintOp[], alpha = 1): void {
  for (const op of ops) {
    ctx.save();
    ctx.transform(...op.matrix);
    if (op.fill && op.fillAlpha > 0) {
      ctx.globalAlpha = alpha * op.fillAlpha;
      ctx.fillStyle = op.fill;
      ctx.fill(op.path);
    }
    if (op.stroke && op.strokeAlpha > 0 && op.lineWidth > 0) {
      ctx.globalAlpha = alpha * op.strokeAlpha;
      ctx.strokeStyle = op.stroke;
      ctx.lineWidth = op.lineWidth;
      ctx.lineJoin = op.lineJoin;
      ctx.lineCap = op.lineCap;
      ctx.stroke(op.path);
    }
    ctx.restore();
  }
}
