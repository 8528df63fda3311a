/**
 * The game's original flat SVG art, drawn for Four Banners on a 64×64 grid: a unit figure and a banner
 * per country (each with the country's emblem, the non-colour cue for colour-blind players), mountains,
 * forest, chest and the unit state badges. One source for the board's <symbol>s, the favicon and icons.
 */
import { COUNTRY_COLOURS, COUNTRY_NAMES } from '@four-banners/engine';

export const INK = '#15161a';
export const BOARD_BG = '#101113';
export const UNOWNED_FILL = '#2b2d33';

/** The emblem of each country (green circle, purple diamond, red triangle, yellow star), centred on 0,0. */
export const EMBLEM_PATHS = [
  'M0-6.2a6.2 6.2 0 1 0 0.01 0Z',
  'M0-7.6L7.6 0L0 7.6L-7.6 0Z',
  'M0-7.4L7 5.6H-7Z',
  starPath(7.6, 3.2),
] as const;
export const EMBLEM_NAMES = ['circle', 'diamond', 'triangle', 'star'] as const;

function starPath(outer: number, inner: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join('L')}Z`;
}

/** The country's display name, capitalised. */
export function countryLabel(country: number): string {
  const name = COUNTRY_NAMES[country];
  return name ? name[0]!.toUpperCase() + name.slice(1) : 'Nobody';
}

const colour = (country: number) => COUNTRY_COLOURS[country] ?? '#888';

/** Inner markup of a unit figure of `country`. */
export function unitMarkup(country: number): string {
  const c = colour(country);
  return (
    `<ellipse cx="32" cy="54" rx="17" ry="4.5" fill="#000" opacity=".35"/>` +
    `<path d="M15.5 53C15.5 40 21.5 32.5 32 32.5S48.5 40 48.5 53Z" fill="${c}" stroke="${INK}" stroke-width="2.6" stroke-linejoin="round"/>` +
    `<circle cx="32" cy="22" r="10.5" fill="${c}" stroke="${INK}" stroke-width="2.6"/>` +
    `<path d="M25.5 18.5a7.5 7.5 0 0 1 6-5" stroke="#fff" stroke-width="2.2" stroke-linecap="round" fill="none" opacity=".55"/>` +
    `<path transform="translate(32 44) scale(.82)" d="${EMBLEM_PATHS[country as 0] ?? ''}" fill="${INK}"/>`
  );
}

/** Inner markup of a banner of `country`. */
export function bannerMarkup(country: number): string {
  const c = colour(country);
  return (
    `<ellipse cx="20" cy="55" rx="10" ry="3.2" fill="#000" opacity=".35"/>` +
    `<rect x="17.5" y="7" width="4" height="48" rx="2" fill="#d8dadf" stroke="${INK}" stroke-width="1.6"/>` +
    `<circle cx="19.5" cy="7" r="3.2" fill="#d8dadf" stroke="${INK}" stroke-width="1.6"/>` +
    `<path d="M21.5 11H51L43.5 21L51 31H21.5Z" fill="${c}" stroke="${INK}" stroke-width="2.2" stroke-linejoin="round"/>` +
    `<path transform="translate(33 21) scale(.72)" d="${EMBLEM_PATHS[country as 0] ?? ''}" fill="${INK}"/>`
  );
}

export const MOUNTAINS_MARKUP =
  `<path d="M3 54L24 17L45 54Z" fill="#596070" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>` +
  `<path d="M24 17L31.5 30L27.5 28L24 32L20.5 28L16.8 30Z" fill="#e9ebef"/>` +
  `<path d="M27 54L43.5 27L61 54Z" fill="#717988" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>` +
  `<path d="M43.5 27L49.2 36.3L46 35L43.5 38L40.7 35L37.9 36.3Z" fill="#e9ebef"/>`;

export const FOREST_MARKUP =
  `<rect x="17" y="44" width="4" height="9" fill="#5b4733"/>` +
  `<path d="M19 14L30 32H25L32 44H6L13 32H8Z" fill="#2f5c4f" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>` +
  `<rect x="40" y="46" width="4" height="8" fill="#5b4733"/>` +
  `<path d="M42 20L52 36H47.5L54 47H30L36.5 36H32Z" fill="#3c7263" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>`;

export const CHEST_MARKUP =
  `<ellipse cx="32" cy="52" rx="20" ry="4" fill="#000" opacity=".35"/>` +
  `<rect x="13" y="29" width="38" height="22" rx="3" fill="#8a6239" stroke="${INK}" stroke-width="2.2"/>` +
  `<path d="M13 31Q13 17 32 17T51 31Z" fill="#a57943" stroke="${INK}" stroke-width="2.2" stroke-linejoin="round"/>` +
  `<path d="M20 18.8V51M44 18.8V51" stroke="${INK}" stroke-width="2" opacity=".55"/>` +
  `<rect x="28" y="27" width="8" height="10" rx="1.5" fill="#e3c474" stroke="${INK}" stroke-width="1.8"/>`;

/** Badge of a unit that has moved (it may still attack). */
export const MOVED_BADGE_MARKUP =
  `<circle cx="0" cy="0" r="8" fill="${INK}" stroke="#ffffff" stroke-opacity=".5" stroke-width="1.2"/>` +
  `<path d="M-4.5-3.5L-1 0L-4.5 3.5M0.5-3.5L4 0L0.5 3.5" stroke="#fff" stroke-width="1.8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
/** Badge of a unit that has attacked (crossed swords: it is done for this turn). */
export const ATTACKED_BADGE_MARKUP =
  `<circle cx="0" cy="0" r="8" fill="${INK}" stroke="#ffffff" stroke-opacity=".5" stroke-width="1.2"/>` +
  `<path d="M-4.2 4.2L4.3-4.3M4.2 4.2L-4.3-4.3M-5.2 1.6L-1.6 5.2M5.2 1.6L1.6 5.2" stroke="#fff" stroke-width="1.7" stroke-linecap="round"/>`;

/** A standalone SVG document of the unit of `country` (favicon). */
export function unitSvgDocument(country: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="4 2 56 56">${unitMarkup(country)}</svg>`;
}

/** The unit of `country` as a data URL, for the page icon. */
export function unitIconUrl(country: number): string {
  return `data:image/svg+xml,${encodeURIComponent(unitSvgDocument(country))}`;
}

/** Mixes two #rrggbb colours: `amount` of `a`, the rest `b`. */
export function mix(a: string, b: string, amount: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (p: number, s: number) => (p >> s) & 255;
  const out = [16, 8, 0].map((s) => Math.round(ch(pa, s) * amount + ch(pb, s) * (1 - amount)));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * How much of each country's colour its land is mixed with (the rest is the board's dark ground), for
 * Settled ground, Nomad ground and Nomad's hatch. Green land is the lightest and red the darkest, so the
 * pair that deuteranopia and protanopia confuse still differs in lightness (ARCHITECTURE §7.10; measured on
 * rendered pixels by e2e/colour-blind.spec.ts).
 */
const LAND_TONE = [
  { settled: 0.6, nomad: 0.32, stripe: 0.46 },
  { settled: 0.5, nomad: 0.2, stripe: 0.34 },
  { settled: 0.3, nomad: 0.1, stripe: 0.2 },
  { settled: 0.5, nomad: 0.2, stripe: 0.34 },
] as const;

/** Tile fills per country: Settled is solid ground, Nomad a darker striped field. */
export const SETTLED_FILL = COUNTRY_COLOURS.map((c, i) => mix(c, '#1a1b1f', LAND_TONE[i]!.settled));
export const SETTLED_EDGE = COUNTRY_COLOURS.map((c) => mix(c, '#1a1b1f', 0.8));
export const NOMAD_FILL = COUNTRY_COLOURS.map((c, i) => mix(c, '#1a1b1f', LAND_TONE[i]!.nomad));
export const NOMAD_STRIPE = COUNTRY_COLOURS.map((c, i) => mix(c, '#1a1b1f', LAND_TONE[i]!.stripe));

/** Badge of a unit raised this turn (a small sprout: it is new and acts next turn). */
export const NEW_BADGE_MARKUP =
  `<circle cx="0" cy="0" r="8" fill="${INK}" stroke="#ffffff" stroke-opacity=".5" stroke-width="1.2"/>` +
  `<path d="M0-5L1.4-1.4L5 0L1.4 1.4L0 5L-1.4 1.4L-5 0L-1.4-1.4Z" fill="#fff"/>`;

export type LandKind = 'nomad' | 'settled';

/** The id of the <pattern> that fills land of `country` (its non-colour cue, ARCHITECTURE §7.10). */
export function landPatternId(country: number, kind: LandKind): string {
  return `fb-land-${country}-${kind}`;
}

/**
 * Each country's hatch on Nomad land: with the emblem, a second cue that still reads when the map is
 * zoomed out too far for the emblem's shape (green /, purple \, red —, yellow |).
 */
const HATCH = ['/', '\\', '-', '|'] as const;

/** Hatch lines that tile seamlessly in a 64×64 cell (the pattern clips what overflows). */
function hatchPath(dir: (typeof HATCH)[number]): string {
  const out: string[] = [];
  for (let k = -5; k <= 9; k++) {
    const c = k * 16;
    if (dir === '-' && c > 0 && c <= 64) out.push(`M-4 ${c - 8}H68`);
    else if (dir === '|' && c > 0 && c <= 64) out.push(`M${c - 8} -4V68`);
    else if (dir === '/') out.push(`M${c} 0L${c - 64} 64`);
    else if (dir === '\\') out.push(`M${c - 64} 0L${c} 64`);
  }
  return out.join('');
}

/**
 * A 64×64 land pattern of `country`, aligned to the tile grid: Settled is solid ground with the
 * country's emblem stamped in two corners over a fine grain; Nomad is lighter, boldly hatched in the
 * country's direction, with the same two emblems. Colour-blind players tell the countries apart by the shape and the hatch.
 */
export function landPatternMarkup(country: number, kind: LandKind): string {
  return (
    `<pattern id="${landPatternId(country, kind)}" width="64" height="64" patternUnits="userSpaceOnUse">` +
    landCellMarkup(country, kind) +
    `</pattern>`
  );
}

/**
 * One 64×64 cell of the land pattern of `country` (what `landPatternMarkup` repeats; the canvas board
 * paints it clipped to a tile). Its hatch runs past the cell's edges: whoever draws it clips to the cell.
 */
export function landCellMarkup(country: number, kind: LandKind): string {
  const emblem = EMBLEM_PATHS[country as 0] ?? '';
  const stamp = (x: number, y: number, fill: string, opacity: number) =>
    `<path transform="translate(${x} ${y})" d="${emblem}" fill="${fill}" fill-opacity="${opacity}"/>`;
  const hatch = hatchPath(HATCH[country as 0] ?? '/');
  const ground =
    kind === 'settled'
      ? // Solid ground: the hatch only as a fine grain, so it still reads as one field.
        { fill: SETTLED_FILL[country], hatch: `stroke="${INK}" stroke-opacity=".16" stroke-width="1.5"` }
      : {
          fill: NOMAD_FILL[country],
          hatch: `stroke="${NOMAD_STRIPE[country]}" stroke-width="4.5" stroke-linecap="square"`,
        };
  return (
    `<rect width="64" height="64" fill="${ground.fill}"/>` +
    `<path d="${hatch}" ${ground.hatch}/>` +
    stamp(14, 14, INK, 0.55) +
    stamp(50, 50, INK, 0.55)
  );
}

/** The drawings the board places on tiles, by name. */
export type ArtPiece =
  | `unit-${0 | 1 | 2 | 3}`
  | `banner-${0 | 1 | 2 | 3}`
  | 'mountains'
  | 'forest'
  | 'chest'
  | 'badge-new'
  | 'badge-moved'
  | 'badge-attacked';

/** The 64×64 drawings' markup; badges are drawn on their own 18×18 box around 0,0 (see BADGE_BOX). */
export function pieceMarkup(piece: ArtPiece): string {
  switch (piece) {
    case 'mountains':
      return MOUNTAINS_MARKUP;
    case 'forest':
      return FOREST_MARKUP;
    case 'chest':
      return CHEST_MARKUP;
    case 'badge-new':
      return NEW_BADGE_MARKUP;
    case 'badge-moved':
      return MOVED_BADGE_MARKUP;
    case 'badge-attacked':
      return ATTACKED_BADGE_MARKUP;
    default: {
      const [kind, c] = piece.split('-') as ['unit' | 'banner', string];
      return kind === 'unit' ? unitMarkup(Number(c)) : bannerMarkup(Number(c));
    }
  }
}

/** A badge's image box: its 16-unit disc plus room for the outline's stroke. */
export const BADGE_BOX = 18;

const pieceUrls = new Map<string, string>();

/**
 * The drawing `piece` as a data URL of a standalone SVG document, at `opacity` (baked in, so the board
 * needs no group opacity): the source each board bitmap is rasterised from (art/bitmaps.ts).
 */
export function pieceUrl(piece: ArtPiece, opacity = 1): string {
  const key = `${piece}@${opacity}`;
  let url = pieceUrls.get(key);
  if (!url) {
    const badge = piece.startsWith('badge-');
    const box = badge ? `${-BADGE_BOX / 2} ${-BADGE_BOX / 2} ${BADGE_BOX} ${BADGE_BOX}` : '0 0 64 64';
    const size = badge ? BADGE_BOX : 64;
    const inner = opacity === 1 ? pieceMarkup(piece) : `<g opacity="${opacity}">${pieceMarkup(piece)}</g>`;
    const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${box}">${inner}</svg>`;
    pieceUrls.set(key, (url = `data:image/svg+xml,${encodeURIComponent(doc)}`));
  }
  return url;
}
