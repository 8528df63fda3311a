import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SOUND_VOLUME,
  reloadSettings,
  setPlayerName,
  setSound,
  setSoundVolume,
  settingsStore,
  soundOn,
} from './settings';

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

  it('sound starts unchosen at a moderate volume', () => {
    localStorage.clear();
    reloadSettings();
    expect(settingsStore.get()).toMatchObject({ sound: null, soundVolume: DEFAULT_SOUND_VOLUME });
    expect(DEFAULT_SOUND_VOLUME).toBeGreaterThan(20);
    expect(DEFAULT_SOUND_VOLUME).toBeLessThan(80);
  });

  it('unchosen sound is on, but off when the OS asks for reduced motion', () => {
    expect(soundOn({ sound: null }, false)).toBe(true);
    expect(soundOn({ sound: null }, true)).toBe(false);
  });

  it("the player's choice wins over the reduced-motion preference, both ways", () => {
    expect(soundOn({ sound: 'on' }, true)).toBe(true);
    expect(soundOn({ sound: 'off' }, false)).toBe(false);
  });

  it('mute and volume are stored and read back after a reload', () => {
    setSound(false);
    setSoundVolume(35);
    expect(localStorage.getItem('sound')).toBe('off');
    expect(localStorage.getItem('sound-volume')).toBe('35');
    settingsStore.set((s) => ({ ...s, sound: null, soundVolume: 0 }));
    reloadSettings();
    expect(settingsStore.get()).toMatchObject({ sound: 'off', soundVolume: 35 });
    setSound(true);
    reloadSettings();
    expect(settingsStore.get().sound).toBe('on');
  });

  it('a volume out of range is clamped; garbage in storage falls back to the default', () => {
    setSoundVolume(250);
    expect(settingsStore.get().soundVolume).toBe(100);
    setSoundVolume(-4);
    expect(settingsStore.get().soundVolume).toBe(0);
    localStorage.setItem('sound-volume', 'loud');
    localStorage.setItem('sound', 'maybe');
    reloadSettings();
    expect(settingsStore.get()).toMatchObject({ sound: null, soundVolume: DEFAULT_SOUND_VOLUME });
  });
});
