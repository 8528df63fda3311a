import { describe, expect, it } from 'vitest';
import { reloadSettings, setPlayerName, settingsStore } from './settings';

describe('settings in browser storage', () => {
  it("player-name defaults to 'Player' and seen-tutorial to false", () => {
    localStorage.clear();
    reloadSettings();
    expect(settingsStore.get().playerName).toBe('Player');
    expect(settingsStore.get().seenTutorial).toBe(false);
  });

  it('a name is trimmed, stored under player-name, and blank falls back to Player', () => {
    setPlayerName('  Ada  ');
    expect(localStorage.getItem('player-name')).toBe('Ada');
    setPlayerName('   ');
    expect(settingsStore.get().playerName).toBe('Player');
  });

  it('reads what storage holds', () => {
    localStorage.setItem('player-name', 'Grace');
    localStorage.setItem('seen-tutorial', 'true');
    reloadSettings();
    expect(settingsStore.get()).toMatchObject({ playerName: 'Grace', seenTutorial: true });
  });
});
