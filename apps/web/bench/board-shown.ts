/**
 * Shared by the web bench's sections: which board draws the map (ARCHITECTURE §7.11), and a script put in
 * every page before it loads that times the first frame after a board is drawn.
 */
export type BoardRenderer = 'canvas' | 'svg';

/** What the script below gives every bench page, for the bodies of `page.evaluate` (which share no code). */
export interface Paced {
  /** Resolves with `performance.now()` in the first task after the next painted frame. */
  __afterFrame(): Promise<number>;
  /**
   * Resolves with `performance.now()` as soon as `ok()` holds: at once, or in the DOM change that makes it
   * hold (elements added or removed, or one of `attrs` changed, anywhere in the page).
   */
  __until(ok: () => unknown, attrs: readonly string[]): Promise<number>;
}

/**
 * `window.__boardShown`: resolves with `performance.now()` once a frame has been painted after the first
 * board on the page became ready (`data-ready`: its tiles painted on the canvas, or in the DOM for the SVG
 * board). "Painted" is a task queued from the frame's animation callback: it runs after that frame's style,
 * layout and paint, so a board that is slow to paint is timed as such. Also `Paced`'s helpers.
 */
export const BOARD_SHOWN_SCRIPT = `
  window.__afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
  window.__until = (ok, attrs) => new Promise((resolve) => {
    if (ok()) return resolve(performance.now());
    const mo = new MutationObserver(() => {
      if (!ok()) return;
      mo.disconnect();
      resolve(performance.now());
    });
    mo.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: attrs });
  });
  window.__boardShown = window.__until(() => document.querySelector('[data-testid="board"][data-ready]'), ['data-ready'])
    .then(() => window.__afterFrame());
`;

/** Chromium's flags for every bench page: no first-run, sync or background work to time by mistake (GPU left as the caller wants). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
