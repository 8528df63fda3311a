/**
 * The page's entry (ARCHITECTURE §7.12). It holds the first screen's styles, so they stay a stylesheet in
 * index.html that the prerendered menu paints with, and starts the app (main.tsx) only once that first
 * frame is on screen: loading and running the app's modules is the longest work of the boot, and it must
 * not hold back the first paint. On a first visit of the menu the picture is the whole first screen (the
 * menu and the tutorial, working without the app: picture.ts), so the app starts on the player's first
 * input, its modules already fetched after the first paint, and takes over from what the picture shows.
 * Everyone else gets the app in the task after the first frame.
 */
// The app's typeface, bundled: CSS only here; the browser fetches the font file (latin subset) when text needs it.
import '@fontsource-variable/inter';
// Mantine's styles for the first screen; the rest load with the screens that use them.
import './styles/mantine-first.css';
import './styles.css';
import { runPicture } from './first-screen/picture';

/** The input that says a person is there: a pointer moving or pressed, a touch, a key, a wheel. */
const FIRST_INPUT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel'] as const;

/** Calls `then` once the browser has drawn a frame: in the task after the next animation frame. */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Calls `then` once the page's first contentful paint is on screen (where the browser reports paints;
 * else after the next frame). The load event and the first frames come before it, while the text's font
 * is still awaited.
 */
function afterFirstContentfulPaint(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterNextPaint(then);
    return;
  }
  const paints = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    paints.disconnect();
    setTimeout(then, 0);
  });
  paints.observe({ type: 'paint', buffered: true });
}

/** Calls `then` once, on the page's first input. */
function onFirstInput(then: () => void): void {
  const listening = new AbortController();
  const first = () => {
    listening.abort();
    then();
  };
  for (const type of FIRST_INPUT)
    window.addEventListener(type, first, { capture: true, passive: true, signal: listening.signal });
}

/**
 * Fetches the app's modules that the build listed for the first screen into the HTTP cache (they are
 * cached for good, ARCHITECTURE §7.12), without running them, in a worker so that the page's thread
 * handles none of the responses.
 */
function prefetchAppModules(): void {
  const list = document.querySelector<HTMLMetaElement>('meta[name="fb-app-modules"]')?.content ?? '';
  const worker = new Worker(new URL('./first-screen/prefetch-worker.ts', import.meta.url), { type: 'module' });
  worker.postMessage(list.split(' ').filter(Boolean));
}

const startApp = () => void import('./main');

runPicture();
if (document.documentElement.classList.contains('fb-shell-wait')) {
  // The picture is the whole first screen: its paint must not wait on the app's requests.
  afterFirstContentfulPaint(prefetchAppModules);
  onFirstInput(startApp);
} else {
  // The app starts at once; importing it fetches what it needs, and the rest loads when used.
  afterNextPaint(startApp);
}
