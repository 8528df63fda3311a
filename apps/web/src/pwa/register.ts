/**
 * The offline worker (ARCHITECTURE §7.9): `/sw.js` precaches the app. When a new worker is waiting, the
 * "Updating the Game" dialog shows and the update is applied 500 ms later (ARCHITECTURE §7.3).
 */
import { setDialog } from '../app/app-state';

export const UPDATE_DELAY_MS = 500;

/** Registers the worker once, in production builds only. */
export async function registerOfflineWorker(): Promise<void> {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      setDialog('workerUpdate', true);
      setTimeout(() => void updateSW(true), UPDATE_DELAY_MS);
    },
  });
}
