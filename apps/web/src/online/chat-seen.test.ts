import { describe, expect, it } from 'vitest';
import { CHAT_SEEN_KEY, CHAT_SEEN_LOBBIES, readLastSeen, saveLastSeen } from './chat-seen';

describe('the chat read so far, kept per lobby (ARCHITECTURE §7.4)', () => {
  it('each lobby keeps its own index; saving again moves it on', () => {
    saveLastSeen('L1', 3);
    saveLastSeen('L2', 0);
    expect(readLastSeen('L1')).toBe(3);
    expect(readLastSeen('L2')).toBe(0);
    expect(readLastSeen('L3')).toBeUndefined();
    saveLastSeen('L1', 5);
    expect(readLastSeen('L1')).toBe(5);
    expect(readLastSeen('L2')).toBe(0);
  });

  it(`only the ${CHAT_SEEN_LOBBIES} most recently read lobbies are kept: the storage stays small`, () => {
    for (let i = 0; i < CHAT_SEEN_LOBBIES; i++) saveLastSeen(`L${i}`, i);
    // Reading L0 again makes it recent, so L1 is now the oldest and goes first.
    saveLastSeen('L0', 7);
    saveLastSeen('new', 1);
    expect(readLastSeen('L0')).toBe(7);
    expect(readLastSeen('L1')).toBeUndefined();
    expect(readLastSeen('L2')).toBe(2);
    expect(readLastSeen('new')).toBe(1);
    const stored = JSON.parse(localStorage.getItem(CHAT_SEEN_KEY)!) as unknown[];
    expect(stored).toHaveLength(CHAT_SEEN_LOBBIES);
  });

  it.each([['not json'], ['{"L1":2}'], ['[{"lobbyId":"L1","seen":-1},{"lobbyId":"L1","seen":"2"},{"seen":1}]']])(
    'a stored value that is not a list of lobbies and indexes (%s) reads as nothing seen, and is replaced on the next save',
    (raw) => {
      localStorage.setItem(CHAT_SEEN_KEY, raw);
      expect(readLastSeen('L1')).toBeUndefined();
      saveLastSeen('L1', 2);
      expect(readLastSeen('L1')).toBe(2);
      expect(JSON.parse(localStorage.getItem(CHAT_SEEN_KEY)!)).toEqual([{ lobbyId: 'L1', seen: 2 }]);
    },
  );
});
