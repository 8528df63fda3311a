/** Which socket event announces each logged event, and with what payload (PROTOCOL §4.1). */
import type { LobbyEvent, LobbyState } from '@four-banners/engine';
import {
  lobbySnapshotOf,
  serializedGameOf,
  settingsGiven,
  type ChatPayload,
  type ServerToClientEvents,
  type StateSnapshot,
} from '@four-banners/protocol';

export type Broadcast = {
  [E in keyof ServerToClientEvents]: { name: E; payload: Parameters<ServerToClientEvents[E]>[0] };
}[keyof ServerToClientEvents];

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

/**
 * What a watcher (a spectator without a seat) receives of a lobby broadcast: the same, but chat text blank,
 * in a chat and in a full state's messages. A chat keeps its seq, so a watcher's log stays contiguous.
 */
export function forWatchers(b: Broadcast): Broadcast {
  if (b.name === 'server-chat-message')
    return { name: b.name, payload: { ...b.payload, msg: '' } satisfies ChatPayload };
  if (b.name === 'server-sync-state') {
    const payload = withoutChatText(b.payload);
    return payload === b.payload ? b : { name: b.name, payload };
  }
  return b;
}

/** The broadcast of `event`; `after` is the state right after it, `final` after the whole request. */
export function broadcastOf(event: LobbyEvent, after: LobbyState, final: LobbyState): Broadcast {
  const logged = { lobbyId: after.lobbyId, seq: event.seq, actor: event.actor, at: event.at };
  switch (event.kind) {
    case 'lobby-created': {
      const p = event.payload;
      const playerName = final.players.find((s) => s.id === p.adminId)?.name ?? '';
      return {
        name: 'server-create-lobby',
        payload: {
          ...logged,
          lobbyId: p.lobbyId,
          playerId: p.adminId,
          adminId: p.adminId,
          playerName,
          w: p.w,
          h: p.h,
          seed: p.seed,
          rulesVersion: p.rulesVersion,
          ...settingsGiven(p),
        },
      };
    }
    case 'player-joined':
      return {
        name: 'server-join-lobby',
        payload: {
          ...logged,
          lobbyId: after.lobbyId,
          playerId: event.payload.player.id,
          player: event.payload.player,
          players: after.players,
          adminId: after.adminId,
          online: after.online,
          w: after.w,
          h: after.h,
          seed: after.seed,
        },
      };
    case 'player-left':
      return {
        name: 'server-leave-lobby',
        payload: { ...logged, playerId: event.payload.playerId, by: event.payload.by },
      };
    case 'lobby-updated':
      return {
        name: 'server-lobby-update',
        payload: {
          ...logged,
          online: after.online,
          w: after.w,
          h: after.h,
          seed: after.seed,
          adminId: after.adminId,
          changed: event.payload,
        },
      };
    case 'country-changed':
      return {
        name: 'server-change-country',
        payload: { ...logged, id: event.payload.playerId, country: event.payload.country },
      };
    case 'chat':
      return {
        name: 'server-chat-message',
        payload: { ...logged, id: event.payload.playerId, msg: event.payload.msg },
      };
    case 'state-loaded':
      return {
        name: 'server-sync-state',
        payload: {
          seq: event.seq,
          lobby: lobbySnapshotOf(after),
          state: event.payload.state,
          event: 'state-loaded',
          actor: event.actor,
          at: event.at,
        },
      };
    case 'game-action':
      return {
        name: 'server-game-action',
        payload: { ...logged, seed: event.seed, id: event.payload.id, info: event.payload.info },
      };
    case 'turn-timeout':
      return {
        name: 'server-turn-timeout',
        payload: { ...logged, country: event.payload.country, playerId: event.payload.playerId },
      };
    case 'player-away':
      return {
        name: 'server-player-away',
        payload: { ...logged, playerId: event.payload.playerId, reason: event.payload.reason },
      };
    case 'player-back':
      return { name: 'server-player-back', payload: { ...logged, playerId: event.payload.playerId } };
    case 'moderation': {
      // A removed chat's seq travels as `chatSeq`: `seq` is the event's own (PROTOCOL §4.9).
      const p = event.payload;
      const body = p.action === 'remove-chat' ? { action: p.action, chatSeq: p.seq, reason: p.reason } : p;
      return { name: 'server-moderation', payload: { ...logged, ...body } };
    }
  }
}
