/** The read-only handle the web app installs (apps/web/src/debug-handle.ts). */
import type { LobbyEvent } from '@four-banners/engine';
export {};
declare global {
  interface Window {
    fourBanners?: {
      game(): unknown;
      active(): number | null;
      botBusy(): boolean;
      hash(): string | null;
      logLength(): number;
      /** A copy of the log the page holds; `logBase` is the seq it continues from (0: the lobby's first event). */
      events(): LobbyEvent[];
      logBase(): number;
      online(): { lobbyId: string; playerId: string; seq: number; stateHash: string; shownSeq: number | null } | null;
      sounds(): string[];
      botPlans(): {
        inWorker: number;
        inThread: number;
        waits: { sent: number; answered: number; thought: number }[];
      } | null;
      board(): {
        renderer: 'canvas' | 'svg';
        view: { x: number; y: number; s: number };
        width: number;
        height: number;
        painted:
          | ({
              owner: number;
              land: 'nomad' | 'settled';
              landmark: string | null;
              unit: string | null;
              state: string | null;
            } | null)[]
          | null;
      } | null;
    };
  }
}
