import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerMarkup, landCellMarkup, pieceMarkup, unitMarkup, type ArtPiece } from './art';
import { compileArt, parseTransform } from './canvas-art';

/**
 * jsdom has no Path2D: a stand-in records how each outline was made, which is what the compiler decides
 * (the browser's own Path2D draws it; e2e/colour-blind.spec.ts and big-maps.spec.ts look at the pixels).
 */
class RecordedPath {
  readonly calls: string[] = [];
  constructor(d?: string) {
    if (d !== undefined) this.calls.push(`d ${d}`);
  }
  rect(...a: number[]) {
    this.calls.push(`rect ${a.join(' ')}`);
  }
  roundRect(...a: number[]) {
    this.calls.push(`roundRect ${a.join(' ')}`);
  }
  arc(...a: number[]) {
    this.calls.push(`arc ${a.slice(0, 3).join(' ')}`);
  }
  ellipse(...a: number[]) {
    this.calls.push(`ellipse ${a.slice(0, 4).join(' ')}`);
  }
}
const had = globalThis.Path2D;
beforeAll(() => {
  globalThis.Path2D = RecordedPath as unknown as typeof Path2D;
});
afterAll(() => {
  globalThis.Path2D = had;
});
const calls = (p: Path2D) => (p as unknown as RecordedPath).calls;

describe('the art compiled for the canvas board (ARCHITECTURE §7.11)', () => {
  it('reads translate and scale steps, in order, as one matrix', () => {
    expect(parseTransform('translate(32 44) scale(.82)')).toEqual([0.82, 0, 0, 0.82, 32, 44]);
    expect(parseTransform('scale(2) translate(3 4)')).toEqual([2, 0, 0, 2, 6, 8]);
    expect(parseTransform('scale(2 3)')).toEqual([2, 0, 0, 3, 0, 0]);
    expect(parseTransform(null)).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('turns each shape into one paint operation with its fill, stroke and line style', () => {
    const ops = compileArt(unitMarkup(2));
    // A shadow, the body, the head, a highlight and the emblem.
    expect(ops).toHaveLength(5);
    const [shadow, body, head, shine, emblem] = ops;
    expect(calls(shadow!.path)).toEqual(['ellipse 32 54 17 4.5']);
    expect(shadow).toMatchObject({ fill: '#000', stroke: null, fillAlpha: 0.35 });
    expect(body).toMatchObject({ fill: '#FC5C65', stroke: '#15161a', lineWidth: 2.6, lineJoin: 'round' });
    expect(calls(head!.path)).toEqual(['arc 32 22 10.5']);
    expect(shine).toMatchObject({ fill: null, lineCap: 'round', strokeAlpha: 0.55 });
    expect(emblem!.matrix).toEqual([0.82, 0, 0, 0.82, 32, 44]);
  });

  it('rounds a rectangle with rx, and fills a shape with no fill attribute black, as SVG does', () => {
    const [, pole] = compileArt(bannerMarkup(0));
    expect(calls(pole!.path)).toEqual(['roundRect 17.5 7 4 48 2']);
    const [ground, hatch] = compileArt(landCellMarkup(1, 'nomad'));
    expect(calls(ground!.path)).toEqual(['rect 0 0 64 64']);
    expect(hatch).toMatchObject({ fill: '#000', lineCap: 'square', lineWidth: 4.5 });
  });

  it('carries a group’s opacity down to what it holds', () => {
    const ops = compileArt(
      '<g opacity=".5"><g opacity=".5"><path d="M0 0H1" stroke="#fff" stroke-opacity=".5"/></g></g>',
    );
    expect(ops[0]).toMatchObject({ fillAlpha: 0.25, strokeAlpha: 0.125 });
  });

  it.each<ArtPiece>([
    'unit-0',
    'banner-3',
    'mountains',
    'forest',
    'chest',
    'badge-new',
    'badge-moved',
    'badge-attacked',
  ])('compiles every shape of %s', (piece) => {
    const shapes = (pieceMarkup(piece).match(/<(path|rect|circle|ellipse)\b/g) ?? []).length;
    expect(compileArt(pieceMarkup(piece))).toHaveLength(shapes);
  });
});
