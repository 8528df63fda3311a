/** Values kept in browser storage (ARCHITECTURE §7.4): player-name, seen-tutorial, plus the bot pace and the sound. */
import { createStore, useStore } from './store';

export const PLAYER_NAME_KEY = 'player-name';
export const SEEN_TUTORIAL_KEY = 'seen-tutorial';
export const BOT_SPEED_KEY = 'bot-speed';
export const SOUND_KEY = 'sound';
export const SOUND_VOLUME_KEY = 'sound-volume';
export const DEFAULT_PLAYER_NAME = 'Player';
/** The volume (0–100) sound starts at: moderate. */
export const DEFAULT_SOUND_VOLUME = 60;

export const BOT_SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;
export type BotSpeed = (typeof BOT_SPEEDS)[number];
/** Milliseconds between a bot's actions, and after its turn ends, at each speed. */
export const BOT_PACE: Record<BotSpeed, { action: number; turn: number }> = {
  slow: { action: 750, turn: 600 },
  normal: { action: 420, turn: 350 },
  fast: { action: 150, turn: 120 },
  instant: { action: 0, turn: 0 },
};

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the setting lasts for this visit only.
  }
}

export interface Settings {
  readonly playerName: string;
  readonly seenTutorial: boolean;
  readonly botSpeed: BotSpeed;
  /** Sound effects as the player chose them; null until they choose (then the OS preference decides). */
  readonly sound: 'on' | 'off' | null;
  /** 0–100. */
  readonly soundVolume: number;
}

/** Whether sound effects play: the player's choice, else on unless the OS asks for reduced motion. */
export function soundOn(settings: Pick<Settings, 'sound'>, reducedMotion: boolean): boolean {
  return settings.sound === null ? !reducedMotion : settings.sound === 'on';
}

/** Whether the OS asks for reduced motion (`prefers-reduced-motion: reduce`); false where it cannot tell. */
export function prefersReducedMotion(): boolean {
  try {
    return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

function parseVolume(raw: string | null): number {
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) ? Math.round(Math.min(100, Math.max(0, n))) : DEFAULT_SOUND_VOLUME;
}

function load(): Settings {
  const name = read(PLAYER_NAME_KEY)?.trim();
  const speed = read(BOT_SPEED_KEY);
  const sound = read(SOUND_KEY);
  return {
    playerName: name ? name.slice(0, 32) : DEFAULT_PLAYER_NAME,
    seenTutorial: read(SEEN_TUTORIAL_KEY) === 'true',
    botSpeed: (BOT_SPEEDS as readonly string[]).includes(speed ?? '') ? (speed as BotSpeed) : 'normal',
    sound: sound === 'on' || sound === 'off' ? sound : null,
    soundVolume: parseVolume(read(SOUND_VOLUME_KEY)),
  };
}

export const settingsStore = createStore<Settings>(load());

/** Re-reads storage (tests, and another tab's changes). */
export function reloadSettings(): void {
  settingsStore.set(load());
}

export function setPlayerName(name: string): void {
  const clean = name.trim().slice(0, 32) || DEFAULT_PLAYER_NAME;
  write(PLAYER_NAME_KEY, clean);
  settingsStore.set((s) => ({ ...s, playerName: clean }));
}
export function setSeenTutorial(seen: boolean): void {
  write(SEEN_TUTORIAL_KEY, String(seen));
  settingsStore.set((s) => ({ ...s, seenTutorial: seen }));
}
export function setBotSpeed(speed: BotSpeed): void {
  write(BOT_SPEED_KEY, speed);
  settingsStore.set((s) => ({ ...s, botSpeed: speed }));
}

/** The player turns sound effects on or off (an explicit choice, kept over the OS preference). */
export function setSound(on: boolean): void {
  const sound = on ? 'on' : 'off';
  write(SOUND_KEY, sound);
  settingsStore.set((s) => ({ ...s, sound }));
}
/** Sets the sound volume (clamped to 0–100). */
export function setSoundVolume(volume: number): void {
  const clean = parseVolume(String(volume));
  write(SOUND_VOLUME_KEY, String(clean));
  settingsStore.set((s) => ({ ...s, soundVolume: clean }));
}

export function useSettings<S>(select: (s: Settings) => S): S {
  return useStore(settingsStore, select);
}
