import { describe, expect, it } from 'vitest';
import { LocalBus } from './local-bus.js';

describe('the local bus (one node)', () => {
  it('delivers each event to its listeners in the order they were added, and no other event', () => {
    const bus = new LocalBus();
    const heard: string[] = [];
    bus.on('presence-changed', (playerId, online) => heard.push(`a:${playerId}:${online}`));
    bus.on('presence-changed', (playerId) => heard.push(`b:${playerId}`));
    bus.on('lobby-changed', (lobbyId) => heard.push(`lobby:${lobbyId}`));
    bus.emit('presence-changed', 'p1', true);
    expect(heard).toEqual(['a:p1:true', 'b:p1']);
  });

  it('answers questions about the other nodes at once: nobody is online there, and they count 0', () => {
    const bus = new LocalBus();
    let online: ReadonlySet<string> | null | undefined;
    let count: number | null | undefined;
    bus.onlineElsewhere(['p1'], (answer) => (online = answer));
    bus.sumElsewhere('watchers', 'L1', (answer) => (count = answer));
    // Synchronous: a caller on one node sees the same order of events as without a bus.
    expect(online?.size).toBe(0);
    expect(count).toBe(0);
    expect(bus.peers).toBe(false);
    expect(bus.adapter()).toBeUndefined();
  });
});
