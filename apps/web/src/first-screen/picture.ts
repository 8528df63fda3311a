/**
 * The prerendered first screen works before the app does (ARCHITECTURE §7.12). Its menu's links are plain
 * links; this script, part of the page's small entry, does the rest: the tutorial's Previous and Next page
 * through the pages the build put beside it, its Close, Escape, a click beside it and its last page's
 * "Let's Go!" close it (and remember it, as the app does), and the menu's "How to play" opens it again.
 * The app takes over from what the picture shows (`pictureTutorial`): the tutorial at the same page, or
 * closed. Every control is found by its `data-first-screen` mark, which the app's components carry.
 */
import { PICTURE_CLOSED, PICTURE_PAGE, pageTemplateId, shellPartId } from './shell';

/** The app's storage key for a tutorial seen (app/settings.ts); the gate script reads it too. */
const SEEN_TUTORIAL_KEY = 'seen-tutorial';

/** Makes the picture's controls work; does nothing where the page has no picture. */
export function runPicture(): void {
  const menu = document.getElementById(shellPartId('menu'));
  const tutorial = document.getElementById(shellPartId('tutorial'));
  if (!menu || !tutorial) return;
  const mark = <E extends HTMLElement>(name: string) => tutorial.querySelector<E>(`[data-first-screen="${name}"]`);
  const pages: HTMLTemplateElement[] = [];
  for (let page = 0; ; page++) {
    const template = document.getElementById(pageTemplateId(page));
    if (!(template instanceof HTMLTemplateElement)) break;
    pages.push(template);
  }
  let page = 0;

  const isOpen = () => tutorial.isConnected && tutorial.getClientRects().length > 0;
  const show = (to: number) => {
    page = to;
    tutorial.dataset[PICTURE_PAGE] = String(page);
    mark('page')?.replaceChildren(pages[page]!.content.cloneNode(true));
    const count = mark('count');
    if (count) count.textContent = `${page + 1} / ${pages.length}`;
    const previous = mark<HTMLButtonElement>('previous');
    if (previous) {
      previous.disabled = page === 0;
      previous.toggleAttribute('data-disabled', page === 0);
    }
    const label = mark('next')?.querySelector('.mantine-Button-label');
    if (label) label.textContent = page === pages.length - 1 ? "Let's Go!" : 'Next';
  };
  const open = () => {
    show(0);
    document.documentElement.classList.remove('fb-shell-no-tutorial');
    tutorial.hidden = false;
    delete tutorial.dataset[PICTURE_CLOSED];
    menu.inert = true;
    mark('next')?.focus();
  };
  const close = () => {
    tutorial.hidden = true;
    tutorial.dataset[PICTURE_CLOSED] = '';
    menu.inert = false;
    try {
      localStorage.setItem(SEEN_TUTORIAL_KEY, 'true');
    } catch {
      // No storage: the app will show the tutorial again, as it does for such a player.
    }
  };

  tutorial.addEventListener('click', (event) => {
    const target = event.target as Element;
    const control = target.closest('[data-first-screen], button');
    const name = control?.getAttribute('data-first-screen');
    if (name === 'previous' && page > 0) show(page - 1);
    else if (name === 'next') page < pages.length - 1 ? show(page + 1) : close();
    else if (control?.matches('.mantine-Modal-close') || !target.closest('.mantine-Modal-content')) close();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) close();
  });
  menu.querySelector('[data-first-screen="how-to-play"]')?.addEventListener('click', open);
  // The dialog library names the dialog by its title only once mounted; the picture never mounts.
  const title = tutorial.querySelector('.mantine-Modal-title');
  if (title?.id) tutorial.querySelector('[role="dialog"]')?.setAttribute('aria-labelledby', title.id);
  if (isOpen() && pages.length > 0) {
    menu.inert = true;
    mark('next')?.focus();
  }
}
