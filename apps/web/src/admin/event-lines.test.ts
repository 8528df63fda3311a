/** The console's short event lines and removed-chat set (PROTOCOL §4.9) over a real bot game's log. */
import type { LobbyEvent } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { botGameLog } from '../../test/fixtures/bot-game-logs';
import { ago } from './admin-api';
import { eventLine, namesOf, removedChat } from './event-lines';

const log = botGameLog({ countries: 2, w: 5, h: 5, difficulty: 'easy', seed: 7, maxEvents: 40, chat: 'hello all' });
const chat = log.find((e) => e.kind === 'chat')!;
const removal: LobbyEvent = {
  seq: log.length + 1,
  kind: 'moderation',
  actor: 'moderator',
  payload: { action: 'remove-chat', seq: chat.seq, reason: 'rude' },
  seed: null,
  at: '2026-01-01T00:10:00Z',
};

describe('the console reads a log in words', () => {
  it('names people from their player-joined events', () => {
    expect(namesOf(log).get('host')).toBe('Ana');
    expect(eventLine(chat, namesOf(log))).toBe('Ana: hello all');
  });

  it('lists the chat seqs a moderator removed, and says a removal in words with its reason', () => {
    expect(removedChat(log).size).toBe(0);
    expect([...removedChat([...log, removal])]).toEqual([chat.seq]);
    expect(eventLine(removal, namesOf(log))).toBe(`moderator · remove-chat #${chat.seq} (rude)`);
  });

  it('says a game action by its actor and action id', () => {
    const action = log.find((e) => e.kind === 'game-action' && e.payload.id === 'start')!;
    expect(eventLine(action, namesOf(log))).toMatch(/ · start$/);
  });

  it('says how long ago, in seconds, minutes, hours and days', () => {
    const now = Date.parse('2026-01-02T00:00:00Z');
    expect(ago('2026-01-01T23:59:30Z', now)).toBe('30 s ago');
    expect(ago('2026-01-01T23:57:00Z', now)).toBe('3 min ago');
    expect(ago('2026-01-01T21:00:00Z', now)).toBe('3 h ago');
    expect(ago('2025-12-29T00:00:00Z', now)).toBe('4 d ago');
  });
});
