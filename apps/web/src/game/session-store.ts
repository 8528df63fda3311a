/** The offline game in progress, shared by the game screen, the header, the saves and the favicon. */
import { useSyncExternalStore } from 'react';
import { createStore, useStore } from '../app/store';
import { BOT_PACE, settingsStore, type BotSpeed } from '../app/settings';
import { pagePlanner } from './bot-planner';
import { OfflineSession } from './offline-session';
import type { GameSession, SessionSnapshot } from './session';
import type { LobbyEvent } from '@four-banners/engine';

export const sessionStore = createStore<GameSession | null>(null);

/** A pace override for this visit (e.g. `?speed=instant` in tests and the bench). */
let speedOverride: BotSpeed | null = null;
export function overrideBotSpeed(speed: BotSpeed | null): void {
  speedOverride = speed;
}

/** The pace override of this visit, if any. */
export function botSpeedOverride(): BotSpeed | null {
  return speedOverride;
}

/** Replaces the current session with one folded from `events`. Throws SessionLoadError on a bad log. */
export function openSession(
  events: readonly LobbyEvent[],
  meta: { saveId?: string | null; name?: string } = {},
): OfflineSession {
  const session = new OfflineSession(events, {
    pace: () => BOT_PACE[speedOverride ?? settingsStore.get().botSpeed],
    planner: pagePlanner(),
    saveId: meta.saveId ?? null,
    name: meta.name ?? '',
  });
  sessionStore.get()?.dispose();
  sessionStore.set(session);
  return session;
}

export function closeSession(): void {
  sessionStore.get()?.dispose();
  sessionStore.set(null);
}

const noSession = () => () => {};
const nothing = () => null;

/** The current session and its snapshot (null when no game is open). */
export function useSession(): { session: GameSession | null; snap: SessionSnapshot | null } {
  const session = useStore(sessionStore);
  const snap = useSyncExternalStore(
    session?.subscribe ?? noSession,
    session?.getSnapshot ?? nothing,
    session?.getSnapshot ?? nothing,
  );
  return { session, snap };
}
