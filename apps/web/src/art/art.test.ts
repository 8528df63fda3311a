import { describe, expect, it } from 'vitest';
import {
  BADGE_BOX,
  MOUNTAINS_MARKUP,
  NEW_BADGE_MARKUP,
  NOMAD_FILL,
  SETTLED_FILL,
  landCellMarkup,
  pieceUrl,
  unitMarkup,
  type ArtPiece,
} from './art';

const documentOf = (url: string) => {
  expect(url.startsWith('data:image/svg+xml,')).toBe(true);
  return decodeURIComponent(url.slice('data:image/svg+xml,'.length));
};

describe('the drawings the board places as images', () => {
  const pieces: ArtPiece[] = [
    'unit-0',
    'unit-3',
    'banner-1',
    'mountains',
    'forest',
    'chest',
    'badge-new',
    'badge-moved',
    'badge-attacked',
  ];

  it.each(pieces)('%s is a standalone SVG document', (piece) => {
    const doc = documentOf(pieceUrl(piece));
    expect(doc).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="[^"]+">.*<\/svg>$/,
    );
    expect(new DOMParser().parseFromString(doc, 'image/svg+xml').querySelector('parsererror')).toBeNull();
  });

  it("draws the same markup as the board's symbols, on the same 64×64 grid", () => {
    expect(documentOf(pieceUrl('unit-2'))).toContain(`viewBox="0 0 64 64">${unitMarkup(2)}</svg>`);
    expect(documentOf(pieceUrl('mountains'))).toContain(`viewBox="0 0 64 64">${MOUNTAINS_MARKUP}</svg>`);
  });

  it('gives a badge room for its outline around its 16-unit disc', () => {
    const half = BADGE_BOX / 2;
    expect(documentOf(pieceUrl('badge-new'))).toContain(
      `viewBox="${-half} ${-half} ${BADGE_BOX} ${BADGE_BOX}">${NEW_BADGE_MARKUP}</svg>`,
    );
    expect(BADGE_BOX).toBeGreaterThan(16);
  });

  it('bakes an opacity into the image, and makes each image once', () => {
    expect(documentOf(pieceUrl('unit-1', 0.78))).toContain(`<g opacity="0.78">${unitMarkup(1)}</g>`);
    expect(documentOf(pieceUrl('unit-1'))).not.toContain('opacity="0.78"');
    expect(pieceUrl('unit-1', 0.78)).toBe(pieceUrl('unit-1', 0.78));
  });
});

describe('each country’s land, told apart without colour (ARCHITECTURE §7.10)', () => {
  const shape = (markup: string) =>
    markup
      .replace(/#[0-9a-f]{3,8}/gi, 'C')
      .replace(/(fill|stroke)-opacity="[^"]*"/g, '')
      .replace(/ id="[^"]*"/, '');

  it.each(['nomad', 'settled'] as const)(
    'the four countries’ %s land differs in shape with colour taken out',
    (kind) => {
      const shapes = [0, 1, 2, 3].map((c) => shape(landCellMarkup(c, kind)));
      expect(new Set(shapes).size).toBe(4);
    },
  );

  it('green land is lighter than red land of the same kind (deuteranopia and protanopia confuse their hues)', () => {
    const lightness = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    expect(lightness(SETTLED_FILL[0]!)).toBeGreaterThan(2 * lightness(SETTLED_FILL[2]!));
    expect(lightness(NOMAD_FILL[0]!)).toBeGreaterThan(2 * lightness(NOMAD_FILL[2]!));
  });
});
