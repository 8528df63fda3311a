/**
 * The game in progress is kept in IndexedDB as it goes (a trailing write at most once a second), so a
 * reload or a closed tab continues where it stopped. It is a save like the others, under a fixed id,
 * and it is not listed on the saves screen.
 */
import type { GameSession } from '../game/session';
import { openSession, sessionStore } from '../game/session-store';
import { deleteSave, getSave, putSave, type SaveRecord } from './save-db';
import { describeLog } from './describe';

export const AUTOSAVE_ID = 'autosave';
const WRITE_EVERY_MS = 1000;

let started = false;

/** Starts keeping the current session's log in the autosave slot. */
export function startAutosave(): void {
  if (started || typeof indexedDB === 'undefined') return;
  started = true;
  let unsubscribe: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let written = 0;
  let watching = false;

  const write = (session: GameSession) => {
    timer = null;
    const snap = session.snapshot;
    if (snap.events.length === written) return;
    written = snap.events.length;
    const record: SaveRecord = {
      id: AUTOSAVE_ID,
      name: 'Autosave',
      savedAt: new Date().toISOString(),
      events: [...snap.events],
      ...describeLog(snap.lobby),
    };
    putSave(record).catch(() => {
      written = 0; // try again with the next change
    });
  };

  const watch = () => {
    unsubscribe?.();
    if (timer) clearTimeout(timer);
    timer = null;
    written = 0;
    const session = sessionStore.get();
    if (session?.online) {
      // The server keeps online games; the offline autosave stays for when this device plays alone again.
      watching = false;
      return;
    }
    if (!session) {
      // The player left the game: there is nothing to continue any more.
      if (watching) void deleteSave(AUTOSAVE_ID).catch(() => {});
      watching = false;
      return;
    }
    watching = true;
    const schedule = () => {
      timer ??= setTimeout(() => write(session), WRITE_EVERY_MS);
    };
    unsubscribe = session.subscribe(schedule);
    schedule();
  };
  sessionStore.subscribe(watch);
  watch();
  window.addEventListener('pagehide', () => {
    const session = sessionStore.get();
    if (session && !session.online && timer) {
      clearTimeout(timer);
      write(session);
    }
  });
}

/** Reopens the autosaved game when no game is open; resolves to whether one was restored. */
export async function restoreAutosave(): Promise<boolean> {
  if (sessionStore.get() || typeof indexedDB === 'undefined') return false;
  try {
    const record = await getSave(AUTOSAVE_ID);
    if (!record || sessionStore.get()) return false;
    const session = openSession(record.events);
    if (session.snapshot.outcome !== null) {
      // A finished game is not worth continuing.
      sessionStore.set(null);
      session.dispose();
      return false;
    }
    return true;
  } catch {
    return false;
  }
}
