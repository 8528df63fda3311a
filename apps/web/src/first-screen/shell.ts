/**
 * The prerendered first screen (ARCHITECTURE §7.12): the build writes a picture of the main menu, and of
 * the tutorial's first page that opens over it on a first visit, into index.html (`prerender.tsx`), so a
 * phone paints the menu before the app's script has run. Its controls do nothing by themselves (a click
 * on one is held and done in the app: held-input.ts); the app replaces each part in the same frame as it
 * draws its own, and drops the whole picture on any other page.
 */

/** The element that holds the picture (the build writes it after `#root`). */
export const SHELL_ID = 'fb-shell';

/** The picture's parts, each taken away once the app draws the real one. */
export type ShellPart = 'menu' | 'tutorial';

/** The element id of one part. */
export const shellPartId = (part: ShellPart) => `${SHELL_ID}-${part}`;

/** The paths the picture shows on: the menu, and `/`, which goes to it (`gate.js` reads the same list). */
export function isFirstScreenPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === '' || path === '/main-menu';
}

/** The template that holds page `page` of the tutorial beside the picture (prerender.tsx). */
export const pageTemplateId = (page: number) => `${SHELL_ID}-page-${page}`;

/** Marks on the picture's tutorial, written by picture.ts as the player pages through it or closes it. */
export const PICTURE_PAGE = 'page';
export const PICTURE_CLOSED = 'closed';

/**
 * The picture's tutorial as the player left it, for the app to take over: open at a page, or closed by
 * the player; null when it never showed (a returning player, another page, no picture).
 */
export function pictureTutorial(): { readonly page: number; readonly open: boolean } | null {
  const part = typeof document === 'undefined' ? null : document.getElementById(shellPartId('tutorial'));
  if (!part) return null;
  if (part.getClientRects().length > 0) return { page: Number(part.dataset[PICTURE_PAGE] ?? 0), open: true };
  return part.dataset[PICTURE_CLOSED] === undefined ? null : { page: 0, open: false };
}

/**
 * Takes a part of the picture away (all of it without `part`); once no part is left the picture goes,
 * its styles with it. Does nothing where there is no picture (the dev server, tests, later screens).
 */
export function releaseShell(part?: ShellPart): void {
  const shell = document.getElementById(SHELL_ID);
  if (!shell) return;
  const twin = focusedTwin(shell);
  if (part) document.getElementById(shellPartId(part))?.remove();
  if (!part || !shell.querySelector('[data-shell-part]')) shell.remove();
  if (!shell.isConnected || !shell.contains(document.activeElement)) twin?.focus({ preventScroll: true });
}

/**
 * The app's control that stands where the picture's focused one was (a keyboard player may Tab before the
 * app takes over): the link to the same place, or the control with the same `data-first-screen` mark, the
 * same one of them in order. Null when the focus is not in the picture, or the app has no such control.
 */
function focusedTwin(shell: HTMLElement): HTMLElement | null {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || !shell.contains(focused)) return null;
  const href = focused.getAttribute('href');
  const mark = focused.dataset.firstScreen;
  if (href === null && mark === undefined) return null;
  const same = (el: HTMLElement) =>
    href !== null ? el.tagName === 'A' && el.getAttribute('href') === href : el.dataset.firstScreen === mark;
  const all = [...document.querySelectorAll<HTMLElement>('a[href], [data-first-screen]')].filter(same);
  const nth = all.filter((el) => shell.contains(el)).indexOf(focused);
  return all.filter((el) => !shell.contains(el))[nth] ?? null;
}
