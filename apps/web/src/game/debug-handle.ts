/**
 * A read-only window handle on the game in progress (`window.fourBanners`), for e2e tests, the bench
 * and curious players in the console. It exposes data, never actions: play goes through the UI.
 */
import { gameHash, serializeGame, type SerializedGame } from '@four-banners/engine';
import { sessionStore } from './session-store';

export interface DebugHandle {
  /** The serialized game in progress, or null. */
  game(): SerializedGame | null;
  /** The country this device may act for now, or null. */
  active(): number | null;
  /** Whether a bot is playing. */
  botBusy(): boolean;
  /** The game's hash (equal games, equal hashes). */
  hash(): string | null;
  /** How many events the log holds. */
  logLength(): number;
}

declare global {
  interface Window {
    fourBanners?: DebugHandle;
  }
}

export function installDebugHandle(): void {
  const snap = () => sessionStore.get()?.snapshot ?? null;
  window.fourBanners = {
    game: () => {
      const s = snap();
      return s ? serializeGame(s.lobby.game) : null;
    },
    active: () => snap()?.active ?? null,
    botBusy: () => snap()?.botTurn != null,
    hash: () => {
      const s = snap();
      return s ? gameHash(s.lobby.game) : null;
    },
    logLength: () => snap()?.events.length ?? 0,
  };
}
