/**
 * A read-only window handle on the game in progress (`window.fourBanners`), for e2e tests, the bench
 * and curious players in the console. It exposes data, never actions: play goes through the UI. It reads
 * the game, the board, online play and sound, so it sits on the top floor with main.tsx, which installs it.
 */
import { gameHash, serializeGame, stateHash, type LobbyEvent, type SerializedGame } from '@four-banners/engine';
import { boardProbes, type BoardProbe } from './board/renderer';
import { lobbyStore } from './online/lobby-store';
import { playedSounds } from './sound/played';
import { pagePlannerCounts, type PlannerCounts } from './game/bot-planner';
import { sessionStore } from './game/session-store';

/** The online lobby as this device folded it. */
export interface OnlineDebug {
  readonly lobbyId: string;
  readonly playerId: string;
  readonly seq: number;
  /** `stateHash` of the folded lobby (seats, settings, chat and game). */
  readonly stateHash: string;
  /** The seq of the game on the board (it trails `seq` while bot moves are being shown). */
  readonly shownSeq: number | null;
}

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
  /** A copy of the log the page holds (online: since the last full state the server sent, see `logBase`). */
  events(): LobbyEvent[];
  /** The seq the log continues from: 0 when it starts at the lobby's first event. */
  logBase(): number;
  /** The online lobby, or null offline. */
  online(): OnlineDebug | null;
  /** The sound effects this page has played, oldest first (e.g. 'move', 'your-turn'). */
  sounds(): string[];
  /** The board on screen: its renderer, view and (canvas) what each tile was painted as; null without one. */
  board(): BoardProbe | null;
  /** How many offline bot turns the bots' worker planned, and how many were planned on the page instead. */
  botPlans(): PlannerCounts | null;
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
    events: () => [...(snap()?.events ?? [])],
    logBase: () => snap()?.base?.seq ?? 0,
    online: () => {
      const l = lobbyStore.get();
      if (!l.online || !l.lobby) return null;
      const session = sessionStore.get();
      return {
        lobbyId: l.lobby.lobbyId,
        playerId: l.playerId,
        seq: l.lobby.seq,
        stateHash: stateHash(l.lobby),
        shownSeq: session?.online ? session.snapshot.lobby.seq : null,
      };
    },
    sounds: playedSounds,
    board: () => boardProbes.current?.() ?? null,
    botPlans: pagePlannerCounts,
  };
}
