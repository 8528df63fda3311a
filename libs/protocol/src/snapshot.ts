/**
 * A full state of a lobby at a seq (PROTOCOL §4.2, §5.2): what a join, a resync and a watch send in place of
 * the log, how the server makes one from its fold, and how a client rebuilds the fold from it.
 */
import {
  DEFAULT_SETTINGS,
  parseGame,
  seatedGame,
  serializeGame,
  type LobbyState,
  type SerializedGame,
} from '@four-banners/engine';

/** The lobby part of a full state: everything of `LobbyState` but the game. */
export type LobbySnapshot = Omit<LobbyState, 'game'>;

/**
 * A full state at `seq`: the lobby and the serialized game (RULES §8), or `state: null` before a map
 * exists (fewer than 2 countries seated and no save loaded: the game is then the seated countries alone).
 */
export interface StateSnapshot {
  readonly seq: number;
  readonly lobby: LobbySnapshot;
  readonly state: SerializedGame | null;
}

/** The serialized game of a folded lobby, or null before a map exists (every answer says it the same way). */
export function serializedGameOf(state: LobbyState): SerializedGame | null {
  const g = state.game;
  return g.tiles.length === 0 && !g.running && !state.loaded ? null : serializeGame(g);
}

/** The lobby part of a folded state. */
export function lobbySnapshotOf(state: LobbyState): LobbySnapshot {
  return {
    lobbyId: state.lobbyId,
    adminId: state.adminId,
    rulesVersion: state.rulesVersion,
    online: state.online,
    w: state.w,
    h: state.h,
    seed: state.seed,
    players: state.players,
    messages: state.messages,
    loaded: state.loaded,
    seq: state.seq,
    settings: state.settings,
    turnStartedAt: state.turnStartedAt,
  };
}

/**
 * Rebuilds a `LobbyState` from a full state (a sync, or a resync snapshot) so the client can fold
 * the events after it with `foldFrom`; `state: null` is the seated countries without a map, exactly as
 * the fold holds them. Throws only if the server sent an impossible game (a bug).
 */
export function lobbyStateFromSnapshot(snapshot: StateSnapshot): LobbyState {
  const { lobby } = snapshot;
  const game =
    snapshot.state === null
      ? { ok: true as const, value: seatedGame(lobby.players, lobby.w, lobby.h, lobby.seed) }
      : parseGame(snapshot.state);
  if (!game.ok) throw new Error(`server sent an invalid game: ${game.error.message}`);
  return {
    lobbyId: lobby.lobbyId,
    adminId: lobby.adminId,
    rulesVersion: lobby.rulesVersion,
    online: lobby.online,
    w: lobby.w,
    h: lobby.h,
    seed: lobby.seed,
    players: lobby.players,
    messages: lobby.messages,
    loaded: lobby.loaded,
    seq: snapshot.seq,
    game: game.value,
    // Snapshots stored before lobby settings existed lack them.
    settings: lobby.settings ?? DEFAULT_SETTINGS,
    turnStartedAt: lobby.turnStartedAt ?? null,
  };
}

/** The full state a joining or resyncing client replaces its own with (`state: null` before a map exists). */
export function snapshotOf(state: LobbyState): StateSnapshot {
  return { seq: state.seq, lobby: lobbySnapshotOf(state), state: serializedGameOf(state) };
}

/** A full state as a watcher reads it: every chat message's text blank (its seq, author and time stay). */
export function withoutChatText<S extends StateSnapshot>(snapshot: S): S {
  if (snapshot.lobby.messages.length === 0) return snapshot;
  const messages = snapshot.lobby.messages.map((m) => ({ ...m, msg: '' }));
  return { ...snapshot, lobby: { ...snapshot.lobby, messages } };
}
