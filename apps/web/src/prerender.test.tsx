/**
 * The prerendered first screen (ARCHITECTURE §7.12) holds what its script works with: every page of the
 * tutorial beside the dialog, the marks of the controls it drives, and no test id of the app's.
 */
import { describe, expect, it } from 'vitest';
import { TUTORIAL_PAGES } from './modals/TutorialPages';
import { renderFirstScreen } from './prerender';
import { pageTemplateId, shellPartId } from './first-screen/shell';

describe('the prerendered first screen', () => {
  const html = renderFirstScreen();
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');

  it('holds the menu and the tutorial at its first page', () => {
    const menu = doc.getElementById(shellPartId('menu'))!;
    expect(menu.querySelector('[data-first-screen="how-to-play"]')?.textContent).toBe('How to play');
    expect(menu.querySelector('a[href="/lobby"]')?.textContent).toBe('Play vs Bots');
    const tutorial = doc.getElementById(shellPartId('tutorial'))!;
    expect(tutorial.querySelector('[data-first-screen="page"] h2')?.textContent).toBe('Welcome');
    expect(tutorial.querySelector('[data-first-screen="count"]')?.textContent).toBe(`1 / ${TUTORIAL_PAGES.length}`);
    expect(tutorial.querySelector<HTMLButtonElement>('[data-first-screen="previous"]')?.disabled).toBe(true);
    expect(tutorial.querySelector('[data-first-screen="next"]')?.textContent).toBe('Next');
  });

  it('holds every page of the tutorial in a template, in order', () => {
    const titles = TUTORIAL_PAGES.map((_, page) => {
      const template = doc.getElementById(pageTemplateId(page)) as HTMLTemplateElement | null;
      return template?.content.querySelector('h2')?.textContent;
    });
    expect(titles).toEqual(TUTORIAL_PAGES.map((p) => p.title));
  });

  it('leaves out the app’s test ids, so tests never find the picture for the app', () => {
    expect(html).not.toContain('data-testid');
  });
});
