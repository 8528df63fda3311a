/**
 * A logged event and its broadcast, both ways (PROTOCOL §4.1, §5.1): the server encodes each event it
 * commits into the socket event that announces it, and a client decodes that broadcast back into the same
 * log entry and folds it. The two directions sit side by side, with their round-trip test beside them, so a
 * change to one cannot miss the other.
 */
import { applyEvent, type LobbyEvent, type LobbyEventKind, type LobbyState } from '@four-banners/engine';
import type { Broadcast, CreatedSettings, ServerPayload, ServerToClientEvents } from './payloads.js';
import { lobbySnapshotOf, lobbyStateFromSnapshot, withoutChatText } from './snapshot.js';

/** The settings of `from` that are present, and only those (an absent one stays absent, never `undefined`). */
export function settingsGiven(from: CreatedSettings): CreatedSettings {
  return {
    ...(from.listed !== undefined ? { listed: from.listed } : {}),
    ...(from.clock !== undefined ? { clock: from.clock } : {}),
    ...(from.botLevel !== undefined ? { botLevel: from.botLevel } : {}),
    ...(from.quick !== undefined ? { quick: from.quick } : {}),
  };
}

// ---- encode: a committed event → its broadcast (the server) ----

/** The broadcast of `event`; `after` is the state right after it, `final` after the whole request. */
export function encodeBroadcast(event: LobbyEvent, after: LobbyState, final: LobbyState): Broadcast {
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

/**
 * What a watcher (a spectator without a seat) receives of a lobby broadcast: the same, but chat text blank,
 * in a chat and in a full state's messages. A chat keeps its seq, so a watcher's log stays contiguous.
 */
export function forWatchers(b: Broadcast): Broadcast {
  if (b.name === 'server-chat-message') return { name: b.name, payload: { ...b.payload, msg: '' } };
  if (b.name === 'server-sync-state') {
    const payload = withoutChatText(b.payload);
    return payload === b.payload ? b : { name: b.name, payload };
  }
  return b;
}

// ---- decode: a broadcast → the log entry it announces (a client) ----

type LogEventFor<K extends LobbyEventKind> = Extract<LobbyEvent, { kind: K }>;

/** A log entry with no seed (every kind but `game-action`), from a broadcast's seq, actor and time. */
function unseeded<K extends Exclude<LobbyEventKind, 'game-action'>>(
  p: { readonly seq: number; readonly actor: string; readonly at: string },
  kind: K,
  payload: LogEventFor<K>['payload'],
): LobbyEvent {
  return { seq: p.seq, kind, actor: p.actor, at: p.at, seed: null, payload } as LogEventFor<K>;
}

/**
 * The log entry a logged broadcast announces, so a client can keep the log and fold it with the engine.
 * Returns null for payloads that are not log entries (a sync without `event`, presence, hello).
 */
export function decodeBroadcast<E extends keyof ServerToClientEvents>(
  name: E,
  payload: ServerPayload<E>,
): LobbyEvent | null {
  const b = { name, payload } as Broadcast;
  switch (b.name) {
    case 'server-create-lobby': {
      const p = b.payload;
      return unseeded(p, 'lobby-created', {
        lobbyId: p.lobbyId,
        adminId: p.adminId,
        w: p.w,
        h: p.h,
        seed: p.seed,
        rulesVersion: p.rulesVersion,
        ...settingsGiven(p),
      });
    }
    case 'server-join-lobby':
      return unseeded(b.payload, 'player-joined', { player: b.payload.player });
    case 'server-leave-lobby':
      return unseeded(b.payload, 'player-left', { playerId: b.payload.playerId, by: b.payload.by });
    case 'server-lobby-update':
      return unseeded(b.payload, 'lobby-updated', { ...b.payload.changed });
    case 'server-change-country':
      return unseeded(b.payload, 'country-changed', { playerId: b.payload.id, country: b.payload.country });
    case 'server-chat-message':
      return unseeded(b.payload, 'chat', { playerId: b.payload.id, msg: b.payload.msg });
    case 'server-sync-state': {
      const p = b.payload;
      if (p.event !== 'state-loaded' || p.state === null) return null;
      return unseeded({ seq: p.seq, actor: p.actor ?? '', at: p.at ?? '' }, 'state-loaded', { state: p.state });
    }
    case 'server-game-action': {
      const p = b.payload;
      const body = { id: p.id, info: p.info } as LogEventFor<'game-action'>['payload'];
      return { seq: p.seq, kind: 'game-action', actor: p.actor, at: p.at, seed: p.seed, payload: body };
    }
    case 'server-turn-timeout':
      return unseeded(b.payload, 'turn-timeout', { country: b.payload.country, playerId: b.payload.playerId });
    case 'server-player-away':
      return unseeded(b.payload, 'player-away', { playerId: b.payload.playerId, reason: b.payload.reason });
    case 'server-player-back':
      return unseeded(b.payload, 'player-back', { playerId: b.payload.playerId });
    case 'server-moderation': {
      const { lobbyId: _lobbyId, seq, actor, at, ...body } = b.payload;
      const logged =
        body.action === 'remove-chat' ? { action: body.action, seq: body.chatSeq, reason: body.reason } : body;
      return unseeded({ seq, actor, at }, 'moderation', logged);
    }
    case 'server-hello':
    case 'server-presence':
    case 'server-watchers':
    case 'server-rematch':
      return null;
  }
}

// ---- follow: a client folding the broadcasts of one lobby ----

/** What folding one broadcast did: the new state, the log entry it carried, and whether to resync. */
export interface FollowResult {
  readonly state: LobbyState | null;
  readonly event: LobbyEvent | null;
  /** True when a seq was skipped (or did not fold): send `client-sync-state {lobbyId, afterSeq: state.seq}`. */
  readonly gap: boolean;
}

/**
 * Folds one server broadcast onto the state a client holds (null before its first sync): a full sync
 * replaces it, the next seq is applied, an old seq is ignored, a skipped seq reports a gap.
 */
export function applyBroadcast<E extends keyof ServerToClientEvents>(
  state: LobbyState | null,
  name: E,
  payload: ServerPayload<E>,
): FollowResult {
  const b = { name, payload } as Broadcast;
  if (b.name === 'server-sync-state' && b.payload.event === undefined) {
    return { state: lobbyStateFromSnapshot(b.payload), event: null, gap: false };
  }
  const event = decodeBroadcast(name, payload);
  if (!event) return { state, event: null, gap: false };
  // Before the first sync only a lobby's very first event can be folded (the creator's case).
  if (state === null) {
    if (event.seq !== 1) return { state, event, gap: false };
    const created = applyEvent(null, event);
    return created.ok ? { state: created.value, event, gap: false } : { state, event, gap: true };
  }
  if (event.seq <= state.seq) return { state, event, gap: false };
  if (event.seq !== state.seq + 1) return { state, event, gap: true };
  const next = applyEvent(state, event);
  return next.ok ? { state: next.value, event, gap: false } : { state, event, gap: true };
}
