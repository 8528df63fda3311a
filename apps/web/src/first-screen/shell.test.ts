import { afterEach, describe, expect, it } from 'vitest';
import { SHELL_ID, releaseShell, shellPartId } from './shell';

/** The picture's menu (in the shell) and the app's menu (in #root): the same links, in the same order. */
function page(): void {
  const links =
    '<a href="/lobby">Play vs Bots</a><a href="/quick-match">Play online now</a><a href="/lobby">Play online</a>';
  document.body.innerHTML = `<div id="root"><nav>${links}</nav></div><div id="${SHELL_ID}"><div id="${shellPartId('menu')}" data-shell-part>${links}</div></div>`;
}

describe('the app takes over the first screen (ARCHITECTURE §7.12)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("keeps a keyboard player's focus: on the app's link to the same place, the same one in order", () => {
    page();
    const picture = document.getElementById(shellPartId('menu'))!;
    picture.querySelectorAll('a')[2]!.focus();
    releaseShell('menu');
    expect(document.getElementById(SHELL_ID)).toBeNull();
    const focused = document.activeElement as HTMLAnchorElement;
    expect(focused.textContent).toBe('Play online');
    expect(document.getElementById('root')!.contains(focused)).toBe(true);
  });

  it('leaves the focus alone when it was not in the picture', () => {
    page();
    const app = document.querySelector<HTMLAnchorElement>('#root a[href="/quick-match"]')!;
    app.focus();
    releaseShell('menu');
    expect(document.activeElement).toBe(app);
  });
});
