/** The realtime contract (PROTOCOL §6.1 limits, §3.2 strict schemas, §3.4 error codes, §4.1 broadcasts). */
import { COUNTRY, fold, serializeGame, stateHash, type LobbyEvent } from '@four-banners/engine';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CLIENT_EVENT_NAMES,
  ERROR_CODES,
  addBotSchema,
  broadcastToEvent,
  changeCountrySchema,
  chatMessageSchema,
  clientGameActionSchema,
  createLobbySchema,
  lobbySnapshotOf,
  lobbyStateFromSnapshot,
  lobbyUpdateSchema,
  applyBroadcast,
  syncStateSchema,
  type Ack,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from './index.js';

const accepts = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;

describe('inbound payload limits (PROTOCOL §3.2, §6.1)', () => {
  it('names are 1–32 UTF-16 units after trimming', () => {
    expect(accepts(createLobbySchema, { playerName: 'A' })).toBe(true);
    expect(accepts(createLobbySchema, { playerName: 'x'.repeat(32) })).toBe(true);
    expect(accepts(createLobbySchema, { playerName: 'x'.repeat(33) })).toBe(false);
    expect(accepts(createLobbySchema, { playerName: '  ' })).toBe(false);
    expect(accepts(createLobbySchema, { playerName: '😀'.repeat(16) })).toBe(true);
    expect(accepts(createLobbySchema, { playerName: `${'😀'.repeat(16)}a` })).toBe(false);
    expect(createLobbySchema.parse({ playerName: '  Ann ' }).playerName).toBe('Ann');
  });

  it('chat is 1–200 UTF-16 units: 100 emoji + 1 letter is refused although it is 101 code points', () => {
    expect(accepts(chatMessageSchema, { message: 'x'.repeat(200) })).toBe(true);
    expect(accepts(chatMessageSchema, { message: 'x'.repeat(201) })).toBe(false);
    expect(accepts(chatMessageSchema, { message: '😀'.repeat(100) })).toBe(true);
    expect(accepts(chatMessageSchema, { message: `${'😀'.repeat(100)}a` })).toBe(false);
    expect(accepts(chatMessageSchema, { message: ' \n ' })).toBe(false);
  });

  it('maps are 5–32 a side, seeds uint32, and an update must change something', () => {
    expect(accepts(lobbyUpdateSchema, { w: 5, h: 32 })).toBe(true);
    expect(accepts(lobbyUpdateSchema, { w: 4 })).toBe(false);
    expect(accepts(lobbyUpdateSchema, { h: 33 })).toBe(false);
    expect(accepts(lobbyUpdateSchema, { seed: 0 })).toBe(true);
    expect(accepts(lobbyUpdateSchema, { seed: 2 ** 32 - 1 })).toBe(true);
    expect(accepts(lobbyUpdateSchema, { seed: 2 ** 32 })).toBe(false);
    expect(accepts(lobbyUpdateSchema, { seed: 1.5 })).toBe(false);
    expect(accepts(lobbyUpdateSchema, {})).toBe(false);
    expect(accepts(lobbyUpdateSchema, { online: false })).toBe(true);
    expect(accepts(syncStateSchema, { lobbyId: 'A', afterSeq: -1 })).toBe(false);
  });
});

describe('strict objects (PROTOCOL §3.2)', () => {
  it('refuses unknown keys, __proto__ keys and a client bonus, even 0', () => {
    expect(accepts(createLobbySchema, { playerName: 'A', admin: true })).toBe(false);
    expect(accepts(createLobbySchema, JSON.parse('{"playerName":"A","__proto__":{"polluted":1}}'))).toBe(false);
    const move = { id: 'move_unit', info: { country: 0, from: { x: 0, y: 0 }, to: { x: 1, y: 0 } } };
    expect(accepts(clientGameActionSchema, move)).toBe(true);
    expect(accepts(clientGameActionSchema, { ...move, info: { ...move.info, bonus: 0 } })).toBe(false);
    expect(accepts(clientGameActionSchema, { id: 'generate', info: { w: 5, h: 5, seed: 1 } })).toBe(false);
    expect(accepts(changeCountrySchema, { country: COUNTRY.none })).toBe(true);
    expect(accepts(changeCountrySchema, { country: 4 })).toBe(false);
    expect(accepts(addBotSchema, { country: -1, difficulty: 'easy' })).toBe(false);
  });
});

describe('the contract lists', () => {
  it('has the twelve error codes of PROTOCOL §3.4 in their order of precedence', () => {
    expect(ERROR_CODES).toEqual([
      'invalid_payload',
      'rate_limited',
      'not_found',
      'not_in_lobby',
      'lobby_full',
      'unauthorized',
      'not_admin',
      'muted',
      'game_running',
      'game_over',
      'not_your_turn',
      'not_actable',
    ]);
  });

  it('has a schema for every client event', () => {
    expect(CLIENT_EVENT_NAMES).toHaveLength(19);
  });

  it('types both ends of the socket (type-level)', () => {
    expectTypeOf<Parameters<ClientToServerEvents['client-chat-message']>[0]>().toEqualTypeOf<{ message: string }>();
    expectTypeOf<Parameters<ServerToClientEvents['server-game-action']>[0]['seq']>().toBeNumber();
    const ack: Ack = { ok: true, seq: 3 };
    // @ts-expect-error an error ack needs a known code
    const bad: Ack = { ok: false, error: { code: 'teapot', message: '' } };
    // @ts-expect-error a client payload cannot carry unknown keys
    const extra: Parameters<ClientToServerEvents['client-create-lobby']>[0] = { playerName: 'A', admin: true };
    expect([ack, bad, extra]).toHaveLength(3);
  });
});

describe('folding broadcasts (PROTOCOL §4.1, §5.1)', () => {
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
    const rebuilt = broadcasts.map(([name, payload]) => broadcastToEvent(name, payload as never));
    expect(rebuilt).toEqual(log);
    expect(broadcastToEvent('server-presence', { playerId: 'a', online: false })).toBeNull();
  });

  it('PROTOCOL §4.1, §4.9: a remove-chat broadcast keeps its own seq apart from the removed message (chatSeq)', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(
      broadcastToEvent('server-moderation', {
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
      broadcastToEvent('server-moderation', {
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
