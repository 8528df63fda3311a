/** A country's unit, banner or emblem as a small inline SVG, for headers, lists and the tutorial. */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import { EMBLEM_PATHS, INK, bannerMarkup, unitMarkup } from './art';

export function UnitIcon({ country, size = 24, title }: { country: number; size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="4 2 56 56"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      style={{ flex: 'none' }}
    >
      {title ? <title>{title}</title> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is the game's own art, built from constants in art.ts, never text from a player */}
      <g dangerouslySetInnerHTML={{ __html: unitMarkup(country) }} />
    </svg>
  );
}

export function BannerIcon({ country, size = 24 }: { country: number; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="4 2 56 56" aria-hidden style={{ flex: 'none' }}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is the game's own art, built from constants in art.ts, never text from a player */}
      <g dangerouslySetInnerHTML={{ __html: bannerMarkup(country) }} />
    </svg>
  );
}

/** The country's emblem in a coloured disc: the colour plus a shape, readable without colour vision. */
export function EmblemDot({ country, size = 18 }: { country: number; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="-10 -10 20 20" aria-hidden style={{ flex: 'none' }}>
      <circle r="9.5" fill={COUNTRY_COLOURS[country] ?? '#555'} />
      {country >= 0 && country <= 3 ? <path d={EMBLEM_PATHS[country as 0]} fill={INK} transform="scale(.78)" /> : null}
    </svg>
  );
}
