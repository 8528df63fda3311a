/**
 * The page's entry (ARCHITECTURE §7.12). It holds the first screen's styles, so they stay a stylesheet in
 * index.html that the prerendered menu paints with, and starts the app (main.tsx, preloaded by the build)
 * only once that first frame is on screen: loading and running the app's modules is the longest task of
 * the boot, and it must not hold back the first paint.
 */
// The app's typeface, bundled: CSS only here; the browser fetches the font file (latin subset) when text needs it.
import '@fontsource-variable/inter';
// Mantine's styles for the first screen; the rest load with the screens that use them.
import './styles/mantine-first.css';
import './styles.css';

/** Calls `then` once the browser has drawn a frame: in the task after the next animation frame. */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

afterNextPaint(() => void import('./main'));
