import type { LobbyEvent } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { LiveLog } from './live-log';

const chat = (seq: number): LobbyEvent => ({
  seq,
  kind: 'chat',
  actor: 'a',
  at: '2026-01-01T00:00:00.000Z',
  seed: null,
  payload: { playerId: 'a', msg: '' },
});

describe('the log a spectator holds', () => {
  it('appends what follows, in order, and hands out a new array each time', () => {
    const log = new LiveLog();
    expect(log.receive([chat(1), chat(2)])).toBe('appended');
    const before = log.events;
    expect(log.receive([chat(3)])).toBe('appended');
    expect(log.events).not.toBe(before);
    expect(log.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(log.lastSeq).toBe(3);
  });

  it('ignores seqs it already has (a watch answer overlapping the broadcasts)', () => {
    const log = new LiveLog();
    log.receive([chat(1), chat(2)]);
    const before = log.events;
    expect(log.receive([chat(1), chat(2)])).toBe('old');
    expect(log.events).toBe(before);
    expect(log.receive([chat(2), chat(3)])).toBe('appended');
    expect(log.lastSeq).toBe(3);
  });

  it('reports a skipped seq as a gap and keeps what came before it', () => {
    const log = new LiveLog();
    log.receive([chat(1)]);
    expect(log.receive([chat(2), chat(4), chat(5)])).toBe('gap');
    expect(log.lastSeq).toBe(2);
    expect(log.receive([chat(3), chat(4)])).toBe('appended');
    expect(log.lastSeq).toBe(4);
  });

  it('starts from seq 1 only', () => {
    expect(new LiveLog().receive([chat(2)])).toBe('gap');
  });
});
