/**
 * Shared by the web bench's sections: which board draws the map (ARCHITECTURE §7.11), and a script put in
 * every page before it loads that times the first frame after a board is drawn.
 */
export type BoardRenderer = 'canvas' | 'svg';

/**
 * `window.__boardShown`: resolves with `performance.now()` once a frame has been painted after the first
 * board on the page became ready (`data-ready`: its tiles painted on the canvas, or in the DOM for the SVG
 * board). "Painted" is a task queued from the frame's animation callback: it runs after that frame's style,
 * layout and paint, so a board that is slow to paint is timed as such.
 */
export const BOARD_SHOWN_SCRIPT = `
  window.__afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
  window.__boardShown = new Promise((resolve) => {
    const ready = () => document.querySelector('[data-testid="board"][data-ready]');
    const done = () => window.__afterFrame().then(resolve);
    if (ready()) return done();
    const mo = new MutationObserver(() => { if (ready()) { mo.disconnect(); done(); } });
    mo.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  });
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
