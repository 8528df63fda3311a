/**
 * A logged event and its broadcast, both ways (PROTOCOL §4.1, §5.1): every kind of event the server encodes
 * decodes back to the same log entry, the wire keeps the shapes PROTOCOL gives, watchers get chat blanked, and
 * a client following a lobby folds what it decodes.
 */
import {
  LOBBY_EVENT_KINDS,
  fold,
  serializeGame,
  stateHash,
  type LobbyEvent,
  type LobbyState,
} from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { applyBroadcast, decodeBroadcast, encodeBroadcast, forWatchers, type FollowResult } from './broadcast-codec.js';
import { lobbySnapshotOf, lobbyStateFromSnapshot, snapshotOf } from './snapshot.js';

const AT = '2026-11-22T10:00:00.000Z';
type Unstamped = {
  [K in LobbyEvent['kind']]: Omit<Extract<LobbyEvent, { kind: K }>, 'seq' | 'at'>;
}[LobbyEvent['kind']];

/** Folds `log`, which the fixtures below always make foldable. */
function folded(log: readonly LobbyEvent[]): LobbyState {
  const r = fold(log);
  if (!r.ok) throw new Error(`fixture does not fold: ${r.error.message}`);
  return r.value;
}

/**
 * A lobby's whole life with every kind of event and every moderation action: made, joined, a colour picked,
 * chat, settings, a save loaded, started, a clock run out, away and back, a mute, a removed message, a
 * departure, a seat removed, and closed.
 */
function lifeOfALobby(): LobbyEvent[] {
  const log: LobbyEvent[] = [];
  const add = (e: Unstamped) => log.push({ ...e, seq: log.length + 1, at: AT } as LobbyEvent);
  add({
    kind: 'lobby-created',
    actor: 'a',
    seed: null,
    payload: { lobbyId: 'L1', adminId: 'a', w: 6, h: 6, seed: 3, rulesVersion: 1, listed: true, clock: 60 },
  });
  add({ kind: 'player-joined', actor: 'a', seed: null, payload: { player: { id: 'a', name: 'Ann', country: 0 } } });
  add({
    kind: 'player-joined',
    actor: 'a',
    seed: null,
    payload: { player: { id: 'bot-1', name: 'Hard Bot', country: 1, bot: { difficulty: 'hard' } } },
  });
  add({ kind: 'player-joined', actor: 'b', seed: null, payload: { player: { id: 'b', name: 'Ben', country: -1 } } });
  add({ kind: 'player-joined', actor: 'c', seed: null, payload: { player: { id: 'c', name: 'Cy', country: 2 } } });
  add({ kind: 'country-changed', actor: 'b', seed: null, payload: { playerId: 'b', country: 3 } });
  add({ kind: 'chat', actor: 'b', seed: null, payload: { playerId: 'b', msg: 'hello' } });
  add({ kind: 'lobby-updated', actor: 'a', seed: null, payload: { w: 8, seed: 11, botLevel: 'easy' } });
  add({ kind: 'state-loaded', actor: 'a', seed: null, payload: { state: serializeGame(folded(log).game) } });
  add({ kind: 'game-action', actor: 'a', seed: 99, payload: { id: 'start', info: {} } });
  add({ kind: 'turn-timeout', actor: 'server', seed: null, payload: { country: 0, playerId: 'a' } });
  add({ kind: 'game-action', actor: 'server', seed: 5, payload: { id: 'next_turn', info: { country: 0 } } });
  add({ kind: 'player-away', actor: 'server', seed: null, payload: { playerId: 'a', reason: 'timeouts' } });
  add({ kind: 'player-back', actor: 'a', seed: null, payload: { playerId: 'a' } });
  add({
    kind: 'moderation',
    actor: 'moderator',
    seed: null,
    payload: { action: 'mute', playerId: 'b', until: '2026-11-22T11:00:00.000Z', reason: 'flood' },
  });
  add({
    kind: 'moderation',
    actor: 'moderator',
    seed: null,
    payload: { action: 'remove-chat', seq: 7, reason: 'rude' },
  });
  add({ kind: 'player-left', actor: 'c', seed: null, payload: { playerId: 'c', by: 'c' } });
  add({ kind: 'game-action', actor: 'server', seed: 6, payload: { id: 'remove_country', info: { country: 2 } } });
  add({
    kind: 'moderation',
    actor: 'moderator',
    seed: null,
    payload: {
      action: 'remove-seat',
      playerId: 'b',
      reason: 'cheating',
      bot: { id: 'bot-2', name: 'Easy Bot', country: 3, bot: { difficulty: 'easy' } },
    },
  });
  add({ kind: 'lobby-updated', actor: 'server', seed: null, payload: { adminId: 'a' } });
  add({ kind: 'moderation', actor: 'moderator', seed: null, payload: { action: 'close', reason: 'done' } });
  return log;
}

describe('encodeBroadcast → decodeBroadcast', () => {
  const log = lifeOfALobby();
  const final = folded(log);
  const broadcasts = log.map((e, i) => encodeBroadcast(e, folded(log.slice(0, i + 1)), final));

  it('the fixture holds every kind of event and every moderation action, and folds', () => {
    expect(new Set(log.map((e) => e.kind))).toEqual(new Set(LOBBY_EVENT_KINDS));
    const actions = log.flatMap((e) => (e.kind === 'moderation' ? [e.payload.action] : []));
    expect(new Set(actions)).toEqual(new Set(['mute', 'remove-chat', 'remove-seat', 'close']));
  });

  it('PROTOCOL §4.1: every logged event decodes from its broadcast to the same log entry, with its seq', () => {
    broadcasts.forEach((b, i) => {
      expect(b.payload).toMatchObject({ seq: log[i]!.seq });
      expect(decodeBroadcast(b.name, b.payload as never)).toEqual(log[i]);
    });
  });

  it('names each kind after its PROTOCOL §4.1 event', () => {
    const byKind = Object.fromEntries(log.map((e, i) => [e.kind, broadcasts[i]!.name]));
    expect(byKind).toEqual({
      'lobby-created': 'server-create-lobby',
      'player-joined': 'server-join-lobby',
      'player-left': 'server-leave-lobby',
      'lobby-updated': 'server-lobby-update',
      'country-changed': 'server-change-country',
      chat: 'server-chat-message',
      'state-loaded': 'server-sync-state',
      'game-action': 'server-game-action',
      'turn-timeout': 'server-turn-timeout',
      'player-away': 'server-player-away',
      'player-back': 'server-player-back',
      moderation: 'server-moderation',
    });
  });

  it('gives the PROTOCOL §4.1 fields: the creator name, every seat on a join, all settings on an update', () => {
    expect(broadcasts[0]!.payload).toMatchObject({
      playerId: 'a',
      lobbyId: 'L1',
      playerName: 'Ann',
      w: 6,
      h: 6,
      seed: 3,
    });
    expect(broadcasts[3]!.payload).toMatchObject({
      playerId: 'b',
      players: folded(log.slice(0, 4)).players,
      adminId: 'a',
    });
    expect(broadcasts[7]!.payload).toMatchObject({
      online: true,
      w: 8,
      h: 6,
      seed: 11,
      adminId: 'a',
      changed: { w: 8, seed: 11, botLevel: 'easy' },
    });
    expect(broadcasts[15]!.payload).toMatchObject({ action: 'remove-chat', seq: 16, chatSeq: 7 });
  });

  it('a client folding the decoded broadcasts from nothing reaches the server’s state and hash', () => {
    let state: LobbyState | null = null;
    for (const b of broadcasts) {
      const r: FollowResult = applyBroadcast(state, b.name, b.payload as never);
      expect(r.gap).toBe(false);
      state = r.state;
    }
    expect(stateHash(state!)).toBe(stateHash(final));
  });
});

describe('forWatchers', () => {
  const log = lifeOfALobby().slice(0, 7);
  const final = folded(log);
  const chat = encodeBroadcast(log[6]!, final, final);

  it('blanks a chat message’s text and keeps its place in the log', () => {
    const seen = forWatchers(chat);
    expect(seen).toEqual({ name: 'server-chat-message', payload: { ...chat.payload, msg: '' } });
    expect(decodeBroadcast(seen.name, seen.payload as never)).toEqual({
      ...log[6],
      payload: { playerId: 'b', msg: '' },
    });
    // The players' broadcast is left as it was.
    expect(chat.payload).toMatchObject({ msg: 'hello' });
  });

  it('blanks the messages of a full state, and passes every other broadcast through as it is', () => {
    const loaded = {
      name: 'server-sync-state' as const,
      payload: { ...snapshotOf(final), event: 'state-loaded' as const },
    };
    const seen = forWatchers(loaded);
    expect(seen.payload).toMatchObject({ seq: loaded.payload.seq, event: 'state-loaded', state: loaded.payload.state });
    expect((seen.payload as typeof loaded.payload).lobby.messages).toEqual([
      { seq: 7, playerId: 'b', msg: '', at: AT },
    ]);
    expect(loaded.payload.lobby.messages[0]!.msg).toBe('hello');
    log.forEach((e, i) => {
      if (e.kind === 'chat') return;
      const b = encodeBroadcast(e, folded(log.slice(0, i + 1)), final);
      expect(forWatchers(b)).toBe(b);
    });
  });
});

describe('decodeBroadcast: the wire as PROTOCOL §4.1 gives it', () => {
  const at = '2026-01-01T00:00:00.000Z';
  const log: LobbyEvent[] = [
    {
      seq: 1,
      kind: 'lobby-created',
      actor: 'a',
      at,
      seed: null,
      payload: { lobbyId: 'L', adminId: 'a', w: 6, h: 6, seed: 9, rulesVersion: 1 },
    },
    {
      seq: 2,
      kind: 'player-joined',
      actor: 'a',
      at,
      seed: null,
      payload: { player: { id: 'a', name: 'A', country: 0 } },
    },
    {
      seq: 3,
      kind: 'player-joined',
      actor: 'b',
      at,
      seed: null,
      payload: { player: { id: 'b', name: 'B', country: -1 } },
    },
    { seq: 4, kind: 'country-changed', actor: 'b', at, seed: null, payload: { playerId: 'b', country: 2 } },
    { seq: 5, kind: 'chat', actor: 'b', at, seed: null, payload: { playerId: 'b', msg: 'hi' } },
    { seq: 6, kind: 'lobby-updated', actor: 'a', at, seed: null, payload: { w: 7 } },
    { seq: 7, kind: 'game-action', actor: 'a', at, seed: 123, payload: { id: 'start', info: {} } },
  ];

  it('rebuilds every logged event from its broadcast', () => {
    const state = fold(log);
    expect(state.ok).toBe(true);
    if (!state.ok) return;
    const players = state.value.players;
    const broadcasts = [
      [
        'server-create-lobby',
        {
          seq: 1,
          actor: 'a',
          at,
          lobbyId: 'L',
          playerId: 'a',
          adminId: 'a',
          playerName: 'A',
          w: 6,
          h: 6,
          seed: 9,
          rulesVersion: 1,
        },
      ],
      [
        'server-join-lobby',
        {
          seq: 2,
          actor: 'a',
          at,
          lobbyId: 'L',
          playerId: 'a',
          player: players[0],
          players,
          adminId: 'a',
          online: true,
          w: 6,
          h: 6,
          seed: 9,
        },
      ],
      [
        'server-join-lobby',
        {
          seq: 3,
          actor: 'b',
          at,
          lobbyId: 'L',
          playerId: 'b',
          player: { id: 'b', name: 'B', country: -1 },
          players,
          adminId: 'a',
          online: true,
          w: 6,
          h: 6,
          seed: 9,
        },
      ],
      ['server-change-country', { seq: 4, actor: 'b', at, id: 'b', country: 2 }],
      ['server-chat-message', { seq: 5, actor: 'b', at, id: 'b', msg: 'hi' }],
      [
        'server-lobby-update',
        { seq: 6, actor: 'a', at, online: true, w: 7, h: 6, seed: 9, adminId: 'a', changed: { w: 7 } },
      ],
      ['server-game-action', { seq: 7, actor: 'a', at, seed: 123, id: 'start', info: {} }],
    ] as const;
    const rebuilt = broadcasts.map(([name, payload]) => decodeBroadcast(name, payload as never));
    expect(rebuilt).toEqual(log);
    expect(decodeBroadcast('server-presence', { playerId: 'a', online: false })).toBeNull();
  });

  it('PROTOCOL §4.1, §4.9: a remove-chat broadcast keeps its own seq apart from the removed message (chatSeq)', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(
      decodeBroadcast('server-moderation', {
        lobbyId: 'L',
        seq: 9,
        actor: 'moderator',
        at,
        action: 'remove-chat',
        chatSeq: 5,
        reason: 'insult',
      }),
    ).toEqual({
      seq: 9,
      kind: 'moderation',
      actor: 'moderator',
      at,
      seed: null,
      payload: { action: 'remove-chat', seq: 5, reason: 'insult' },
    });
    expect(
      decodeBroadcast('server-moderation', {
        lobbyId: 'L',
        seq: 10,
        actor: 'moderator',
        at,
        action: 'mute',
        playerId: 'b',
        until: at,
        reason: 'flood',
      }),
    ).toEqual({
      seq: 10,
      kind: 'moderation',
      actor: 'moderator',
      at,
      seed: null,
      payload: { action: 'mute', playerId: 'b', until: at, reason: 'flood' },
    });
  });

  it('a snapshot rebuilds a state with the same hash', () => {
    const state = fold(log);
    if (!state.ok) throw new Error(state.error.message);
    const snapshot = {
      seq: state.value.seq,
      lobby: lobbySnapshotOf(state.value),
      state: serializeGame(state.value.game),
    };
    expect(stateHash(lobbyStateFromSnapshot(snapshot))).toBe(stateHash(state.value));
  });
});

describe('applyBroadcast (a client following a lobby)', () => {
  it('folds the next seq, ignores old ones, reports a skipped one and takes a sync whole', () => {
    const at = 'x';
    const created = {
      seq: 1,
      actor: 'a',
      at,
      lobbyId: 'L',
      playerId: 'a',
      adminId: 'a',
      playerName: 'A',
      w: 6,
      h: 6,
      seed: 9,
      rulesVersion: 1,
    };
    let r = applyBroadcast(null, 'server-create-lobby', created);
    expect(r.state?.seq).toBe(1);
    const chat = (seq: number) => ({ lobbyId: 'L1', seq, actor: 'a', at, id: 'a', msg: `m${seq}` });
    // seq 2 would be a join: fold a join first
    const player = { id: 'a', name: 'A', country: 0 as const };
    r = applyBroadcast(r.state, 'server-join-lobby', {
      seq: 2,
      actor: 'a',
      at,
      lobbyId: 'L',
      playerId: 'a',
      player,
      players: [player],
      adminId: 'a',
      online: true,
      w: 6,
      h: 6,
      seed: 9,
    });
    expect(r.state?.players).toEqual([player]);
    const before = r.state;
    expect(applyBroadcast(before, 'server-chat-message', chat(2))).toMatchObject({ state: before, gap: false });
    expect(applyBroadcast(before, 'server-chat-message', chat(4)).gap).toBe(true);
    const next = applyBroadcast(before, 'server-chat-message', chat(3));
    expect(next.state?.messages.map((m) => m.msg)).toEqual(['m3']);
    const synced = applyBroadcast(null, 'server-sync-state', {
      seq: 3,
      lobby: lobbySnapshotOf(next.state!),
      state: serializeGame(next.state!.game),
    });
    expect(stateHash(synced.state!)).toBe(stateHash(next.state!));
    expect(applyBroadcast(before, 'server-presence', { playerId: 'a', online: true })).toMatchObject({
      state: before,
      event: null,
    });
  });
});
