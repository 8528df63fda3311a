/**
 * Mantine theme (ARCHITECTURE §7.2): dark, primary colour the game's green, loader dots, modals md / 200 ms.
 * Readable by everyone (issue 9): the bundled Inter on one type scale, and colours chosen so text and
 * controls meet WCAG AA contrast on the dark surfaces (the e2e axe scan checks every screen).
 */
import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  rgba,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

const green: MantineColorsTuple = [
  '#e6fbf1',
  '#c8f4df',
  '#98eac3',
  '#69e0a7',
  '#4bdb98',
  '#37d98c',
  '#2bbf79',
  '#22a066',
  '#197f51',
  '#0f613c',
];

/**
 * Mantine's dark scale, retuned to the app's blue-black surfaces (styles.css `--fb-bg`). Mantine reads
 * text from 0, dimmed text from 2, placeholders from 3, borders from 4, controls from 6 and the body
 * from 7: 0 and 2 are light enough for AA on every surface up to 6 (2 on 6 is about 6:1), and 6 is dark enough
 * for the country colours as text on it (purple, the darkest, is 4.6:1).
 */
const dark: MantineColorsTuple = [
  '#e9eaec',
  '#c8cacf',
  '#a9acb3',
  '#8d9199',
  '#45484f',
  '#35383e',
  '#232529',
  '#1b1c20',
  '#16171a',
  '#101113',
];

export const MODAL_TRANSITION_MS = 200;

/**
 * The `light` variant (secondary buttons, alerts, badges) as a tint of its colour with a light text and a
 * rim, rather than Mantine's near-black shade of it, which reads as a dark hole on the dark surfaces.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return base;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === 'dark' || parsed.color === 'gray') return base;
  const shades = input.theme.colors[parsed.color]!;
  return {
    background: rgba(shades[5], 0.14),
    hover: rgba(shades[5], 0.24),
    color: shades[2],
    border: `1px solid ${rgba(shades[5], 0.42)}`,
  };
};

const SANS =
  '"Inter Variable", Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'green',
  colors: { green, dark },
  // One shade in both schemes, so the contrast Mantine computes is for the colour it paints.
  primaryShade: 5,
  autoContrast: true,
  variantColorResolver,
  // WCAG's crossover: above it black text contrasts more than white (the bright green takes black).
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: SANS,
  // A 1.25 scale from 16 px body text; small text never under 12 px.
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.6', xl: '1.65' },
  headings: {
    fontFamily: SANS,
    fontWeight: '750',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: '2.25rem', lineHeight: '1.15', fontWeight: '800' },
      h2: { fontSize: '1.75rem', lineHeight: '1.2', fontWeight: '800' },
      h3: { fontSize: '1.25rem', lineHeight: '1.3' },
      h4: { fontSize: '1.0625rem', lineHeight: '1.35' },
      h5: { fontSize: '0.9375rem', lineHeight: '1.4' },
      h6: { fontSize: '0.8125rem', lineHeight: '1.4' },
    },
  },
  // Plain objects rather than `Component.extend(...)`, so the theme does not pull Modal into the first bundle.
  components: {
    Loader: { defaultProps: { type: 'dots' } },
    Modal: {
      defaultProps: {
        size: 'md',
        centered: true,
        transitionProps: { duration: MODAL_TRANSITION_MS, transition: 'pop' },
        closeButtonProps: { 'aria-label': 'Close' },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Button: { defaultProps: { radius: 'md' } },
    // Headings in full white: the page's structure reads first.
    Title: { defaultProps: { c: 'bright' } },
  },
});
