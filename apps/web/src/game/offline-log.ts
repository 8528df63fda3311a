/**
 * The offline device is its own server (ARCHITECTURE §7.5): it writes the lobby log — seqs, seeds and
 * times — in exactly the format an online lobby uses, and the game is always the fold of that log.
 */
import {
  RULES_VERSION,
  SEED_LIMIT,
  type GameAction,
  type LobbyEvent,
  type NewLobbyEvent,
  type Player,
} from '@four-banners/engine';

/** A fresh uint32 seed from the platform's cryptographic generator. */
export function randomSeed(): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0]! % SEED_LIMIT;
}

/** Gives `event` the next seq of `log` and the time. */
export function stamp(log: readonly LobbyEvent[], event: NewLobbyEvent, at = new Date()): LobbyEvent {
  const seq = (log[log.length - 1]?.seq ?? 0) + 1;
  return { ...event, seq, at: at.toISOString() } as LobbyEvent;
}

/** Appends `event` to `log` (a new array: logs are append-only). */
export function append(log: readonly LobbyEvent[], event: NewLobbyEvent, at?: Date): LobbyEvent[] {
  return [...log, stamp(log, event, at)];
}

/** A game-action event for `actor`, with its seed. */
export function gameActionEvent(actor: string, action: GameAction, seed: number): NewLobbyEvent {
  return { kind: 'game-action', actor, payload: action, seed };
}

export interface OfflineGameOptions {
  readonly lobbyId: string;
  readonly adminId: string;
  readonly players: readonly Player[];
  readonly w: number;
  readonly h: number;
  /** The map seed. */
  readonly seed: number;
  /** The seed of the start action (a chest may be drawn on turn 0 rollover). */
  readonly startSeed: number;
  readonly at?: Date;
}

/** The log of a new offline game: the lobby, its seats, then start. */
export function offlineGameLog(o: OfflineGameOptions): LobbyEvent[] {
  let log: LobbyEvent[] = [];
  log = append(
    log,
    {
      kind: 'lobby-created',
      actor: o.adminId,
      payload: { lobbyId: o.lobbyId, adminId: o.adminId, w: o.w, h: o.h, seed: o.seed, rulesVersion: RULES_VERSION },
      seed: null,
    },
    o.at,
  );
  for (const player of o.players) {
    log = append(
      log,
      {
        kind: 'player-joined',
        actor: player.bot || player.local ? o.adminId : player.id,
        payload: { player },
        seed: null,
      },
      o.at,
    );
  }
  return append(log, gameActionEvent(o.adminId, { id: 'start', info: {} }, o.startSeed), o.at);
}

/** A short random id for an offline lobby. */
export function offlineLobbyId(): string {
  return `offline-${randomSeed().toString(36)}`;
}
