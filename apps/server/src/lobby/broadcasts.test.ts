/** Each logged event goes out as its socket event, and a client rebuilds the same log entry (PROTOCOL §4.1). */
import { fold, type LobbyEvent } from '@four-banners/engine';
import { broadcastToEvent } from '@four-banners/protocol';
import { describe, expect, it } from 'vitest';
import { broadcastOf, forWatchers, snapshotOf } from './broadcasts.js';

const at = '2026-11-22T10:00:00.000Z';
const ev = <E extends LobbyEvent>(e: Omit<E, 'at'>): LobbyEvent => ({ ...e, at }) as unknown as LobbyEvent;

const log: LobbyEvent[] = [
  ev({
    seq: 1,
    kind: 'lobby-created',
    actor: 'a',
    seed: null,
    payload: { lobbyId: 'L1', adminId: 'a', w: 6, h: 6, seed: 3, rulesVersion: 1 },
  }),
  ev({
    seq: 2,
    kind: 'player-joined',
    actor: 'a',
    seed: null,
    payload: { player: { id: 'a', name: 'Ann', country: 0 } },
  }),
  ev({
    seq: 3,
    kind: 'player-joined',
    actor: 'a',
    seed: null,
    payload: { player: { id: 'bot-1', name: 'Hard Bot', country: 1, bot: { difficulty: 'hard' } } },
  }),
  ev({
    seq: 4,
    kind: 'player-joined',
    actor: 'b',
    seed: null,
    payload: { player: { id: 'b', name: 'Ben', country: -1 } },
  }),
  ev({ seq: 5, kind: 'country-changed', actor: 'b', seed: null, payload: { playerId: 'b', country: 3 } }),
  ev({ seq: 6, kind: 'chat', actor: 'b', seed: null, payload: { playerId: 'b', msg: 'hello' } }),
  ev({ seq: 7, kind: 'lobby-updated', actor: 'a', seed: null, payload: { w: 8, seed: 11 } }),
  ev({ seq: 8, kind: 'player-left', actor: 'b', seed: null, payload: { playerId: 'b', by: 'b' } }),
  ev({ seq: 9, kind: 'lobby-updated', actor: 'server', seed: null, payload: { adminId: 'a' } }),
  ev({ seq: 10, kind: 'game-action', actor: 'a', seed: 99, payload: { id: 'start', info: {} } }),
];

describe('broadcastOf', () => {
  it('names each kind after its PROTOCOL §4.1 event and round-trips through broadcastToEvent', () => {
    const names: string[] = [];
    for (let i = 0; i < log.length; i++) {
      const after = fold(log.slice(0, i + 1));
      const final = fold(log);
      if (!after.ok || !final.ok) throw new Error('fixture does not fold');
      const b = broadcastOf(log[i]!, after.value, final.value);
      names.push(b.name);
      expect(b.payload).toMatchObject({ seq: log[i]!.seq });
      expect(broadcastToEvent(b.name, b.payload as never)).toEqual(log[i]);
    }
    expect(names).toEqual([
      'server-create-lobby',
      'server-join-lobby',
      'server-join-lobby',
      'server-join-lobby',
      'server-change-country',
      'server-chat-message',
      'server-lobby-update',
      'server-leave-lobby',
      'server-lobby-update',
      'server-game-action',
    ]);
  });

  it('gives the PROTOCOL §4.1 fields: the creator name, every seat on a join, all settings on an update', () => {
    const final = fold(log);
    if (!final.ok) throw new Error('fixture does not fold');
    const first = fold(log.slice(0, 1));
    if (!first.ok) throw new Error('fixture does not fold');
    const created = broadcastOf(log[0]!, first.value, final.value);
    expect(created.payload).toMatchObject({ playerId: 'a', lobbyId: 'L1', playerName: 'Ann', w: 6, h: 6, seed: 3 });
    const upTo4 = fold(log.slice(0, 4));
    if (!upTo4.ok) throw new Error('fixture does not fold');
    expect(broadcastOf(log[3]!, upTo4.value, final.value).payload).toMatchObject({
      playerId: 'b',
      players: upTo4.value.players,
      adminId: 'a',
    });
    const upTo7 = fold(log.slice(0, 7));
    if (!upTo7.ok) throw new Error('fixture does not fold');
    expect(broadcastOf(log[6]!, upTo7.value, final.value).payload).toMatchObject({
      online: true,
      w: 8,
      h: 6,
      seed: 11,
      adminId: 'a',
      changed: { w: 8, seed: 11 },
    });
  });
});

describe('forWatchers', () => {
  const final = fold(log);
  if (!final.ok) throw new Error('fixture does not fold');
  const upTo6 = fold(log.slice(0, 6));
  if (!upTo6.ok) throw new Error('fixture does not fold');

  it('blanks a chat message’s text and keeps its place in the log', () => {
    const chat = broadcastOf(log[5]!, upTo6.value, final.value);
    const seen = forWatchers(chat);
    expect(seen).toEqual({ name: 'server-chat-message', payload: { ...chat.payload, msg: '' } });
    expect(broadcastToEvent(seen.name, seen.payload as never)).toEqual({
      ...log[5],
      payload: { playerId: 'b', msg: '' },
    });
    // The players' broadcast is left as it was.
    expect(chat.payload).toMatchObject({ msg: 'hello' });
  });

  it('blanks the messages of a full state, and passes every other broadcast through as it is', () => {
    const loaded = {
      name: 'server-sync-state' as const,
      payload: { ...snapshotOf(final.value), event: 'state-loaded' as const },
    };
    const seen = forWatchers(loaded);
    expect(seen.payload).toMatchObject({ seq: loaded.payload.seq, event: 'state-loaded', state: loaded.payload.state });
    expect((seen.payload as typeof loaded.payload).lobby.messages).toEqual([{ seq: 6, playerId: 'b', msg: '', at }]);
    expect(loaded.payload.lobby.messages[0]!.msg).toBe('hello');
    for (let i = 0; i < log.length; i++) {
      if (log[i]!.kind === 'chat') continue;
      const after = fold(log.slice(0, i + 1));
      if (!after.ok) throw new Error('fixture does not fold');
      const b = broadcastOf(log[i]!, after.value, final.value);
      expect(forWatchers(b)).toBe(b);
    }
  });
});
