/**
 * Runs in the page's head, before its first paint (a classic script from /assets, so the policy's
 * `script-src 'self'` allows it): says which parts of the prerendered first screen this visit shows, as
 * classes on <html> that the stylesheet reads (ARCHITECTURE §7.12). Only the menu's paths show it, the
 * tutorial only when it will open (seen-tutorial is not 'true'), and the menu's greeting waits for the app
 * when the player has a name of their own. On a first visit of the menu (the tutorial will open) the
 * picture is exactly what the app would draw, so the app waits for the player's first input to start
 * (`fb-shell-wait`, read by start.ts). It must stay in step with first-screen/shell.ts and settings.ts.
 */
(() => {
  const root = document.documentElement;
  const path = location.pathname.replace(/\/+$/, '');
  if (path !== '' && path !== '/main-menu') {
    root.classList.add('fb-shell-off');
    return;
  }
  try {
    if (localStorage.getItem('seen-tutorial') === 'true') root.classList.add('fb-shell-no-tutorial');
    else root.classList.add('fb-shell-wait');
    const name = localStorage.getItem('player-name')?.trim();
    if (name && name !== 'Player') root.classList.add('fb-shell-named');
  } catch {
    // No storage: a first visit, as the app will see it.
    root.classList.add('fb-shell-wait');
  }
})();
