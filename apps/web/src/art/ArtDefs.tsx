/** The <defs> every board SVG uses: one <symbol> per drawing, plus each country's land patterns. */
import { memo } from 'react';
import {
  ATTACKED_BADGE_MARKUP,
  CHEST_MARKUP,
  FOREST_MARKUP,
  MOUNTAINS_MARKUP,
  MOVED_BADGE_MARKUP,
  NEW_BADGE_MARKUP,
  bannerMarkup,
  landPatternMarkup,
  unitMarkup,
} from './art';

const symbol = (id: string, inner: string, viewBox = '0 0 64 64') =>
  `<symbol id="${id}" viewBox="${viewBox}" overflow="visible">${inner}</symbol>`;

const DEFS_MARKUP = [
  ...[0, 1, 2, 3].map((c) => symbol(`fb-unit-${c}`, unitMarkup(c))),
  ...[0, 1, 2, 3].map((c) => symbol(`fb-banner-${c}`, bannerMarkup(c))),
  symbol('fb-mountains', MOUNTAINS_MARKUP),
  symbol('fb-forest', FOREST_MARKUP),
  symbol('fb-chest', CHEST_MARKUP),
  symbol('fb-moved', MOVED_BADGE_MARKUP, '-8 -8 16 16'),
  symbol('fb-attacked', ATTACKED_BADGE_MARKUP, '-8 -8 16 16'),
  symbol('fb-new', NEW_BADGE_MARKUP, '-8 -8 16 16'),
  ...[0, 1, 2, 3].flatMap((c) => [landPatternMarkup(c, 'nomad'), landPatternMarkup(c, 'settled')]),
].join('');

/** Symbols and patterns, rendered once per SVG. */
export const ArtDefs = memo(function ArtDefs() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is the game's own art, built from constants in art.ts, never text from a player
  return <defs dangerouslySetInnerHTML={{ __html: DEFS_MARKUP }} />;
});
