/** Mantine theme (SPEC.md §9): dark, primary colour the game's green, loader dots, modals md / 200 ms. */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const MODAL_TRANSITION_MS = 200;

export const theme = createTheme({
  primaryColor: 'green',
  colors: { green },
  primaryShade: { light: 6, dark: 5 },
  autoContrast: true,
  luminanceThreshold: 0.45,
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '800' },
  // Plain objects rather than `Component.extend(...)`, so the theme does not pull Modal into the first bundle.
  components: {
    Loader: { defaultProps: { type: 'dots' } },
    Modal: {
      defaultProps: { size: 'md', centered: true, transitionProps: { duration: MODAL_TRANSITION_MS, transition: 'pop' } },
    },
    Button: { defaultProps: { radius: 'md' } },
  },
});
