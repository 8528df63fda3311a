/** App-wide side effects: hints, route name, redirects, the page icon, the first-visit tutorial, player status, the menu kept at hand online, sound. */
import { whoseTurn } from '@four-banners/engine';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { unitIconUrl } from '../../art/art';
import { useSession } from '../../game/session-store';
import { isFirstScreenPath, pictureTutorial, releaseShell } from '../../first-screen/shell';
import { useLobby } from '../../online/lobby-store';
import { registerOfflineWorker } from '../../pwa/register';
import { appStore, setDialog, setRouteName, useAppState } from '../../app/app-state';
import { installHints } from '../../app/hints';
import { routeNameOf } from '../../app/route-name';
import { setSeenTutorial, settingsStore } from '../../app/settings';

const DEFAULT_ICON = '/favicon.svg';

/** Points the page icon at `href`. */
export function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) {
    link.type = 'image/svg+xml';
    link.href = href;
  }
}

export function AppEffects() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const redirect = useAppState((s) => s.redirect);
  const { snap } = useSession();
  const turn = snap ? whoseTurn(snap.lobby.game) : null;
  const outcome = snap?.outcome ?? null;
  const shownOutcome = useRef<string | null>(null);

  useEffect(() => installHints(), []);
  useEffect(() => setRouteName(routeNameOf(pathname)), [pathname]);
  // The prerendered menu is hidden on any other page (gate.js); away from the menu it goes altogether.
  useEffect(() => {
    if (!isFirstScreenPath(pathname)) releaseShell();
  }, [pathname]);

  // The lost-connection dialog's Okay goes to '/' while the network is gone: have the menu's code at hand.
  const router = useRouter();
  const inOnlineLobby = useLobby((l) => l.online);
  useEffect(() => {
    if (inOnlineLobby) router.preloadRoute({ to: '/main-menu' }).catch(() => undefined);
  }, [inOnlineLobby, router]);
  // Where a game is set up (the lobbies, quick match), the game screen's code loads meanwhile, so Start
  // shows the board without waiting for it.
  const settingUp = pathname === '/lobby' || pathname === '/quick-match' || pathname.startsWith('/join');
  useEffect(() => {
    if (settingUp) router.preloadRoute({ to: '/game' }).catch(() => undefined);
  }, [settingUp, router]);

  useEffect(() => {
    if (!redirect) return;
    appStore.set((s) => ({ ...s, redirect: null }));
    void navigate({ to: redirect });
  }, [redirect, navigate]);

  // The page icon is the unit of the country whose turn it is (ARCHITECTURE §7.2).
  useEffect(() => setFavicon(turn === null ? DEFAULT_ICON : unitIconUrl(turn)), [turn]);

  // The player-status dialog opens once each time the outcome changes (ARCHITECTURE §7.3).
  useEffect(() => {
    const key = outcome && snap ? `${snap.lobby.lobbyId}:${outcome}` : null;
    if (key && shownOutcome.current !== key) {
      appStore.set((s) => ({ ...s, playerStatus: outcome }));
      setDialog('playerStatus', true);
    }
    shownOutcome.current = key;
  }, [outcome, snap]);

  // Sound effects follow the game; their code loads with the first game, not with the menu.
  const inGame = snap !== null;
  useEffect(() => {
    if (inGame) void import('../../sound/controller').then((m) => m.startSoundController()).catch(() => undefined);
  }, [inGame]);

  useEffect(() => {
    // The first screen's picture of the tutorial may have been paged or closed before the app ran.
    const picture = pictureTutorial();
    if (picture ? picture.open : !settingsStore.get().seenTutorial) setDialog('tutorial', true);
    else {
      if (picture) setSeenTutorial(true);
      releaseShell('tutorial');
    }
    void registerOfflineWorker();
  }, []);

  return null;
}
