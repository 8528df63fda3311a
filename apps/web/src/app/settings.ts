/** Values kept in browser storage (SPEC.md §3): player-name, seen-tutorial, plus the bot pace. */
import { createStore, useStore } from './store';

export const PLAYER_NAME_KEY = 'player-name';
export const SEEN_TUTORIAL_KEY = 'seen-tutorial';
export const BOT_SPEED_KEY = 'bot-speed';
export const DEFAULT_PLAYER_NAME = 'Player';

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
}

function load(): Settings {
  const name = read(PLAYER_NAME_KEY)?.trim();
  const speed = read(BOT_SPEED_KEY);
  return {
    playerName: name ? name.slice(0, 32) : DEFAULT_PLAYER_NAME,
    seenTutorial: read(SEEN_TUTORIAL_KEY) === 'true',
    botSpeed: (BOT_SPEEDS as readonly string[]).includes(speed ?? '') ? (speed as BotSpeed) : 'normal',
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

export function useSettings<S>(select: (s: Settings) => S): S {
  return useStore(settingsStore, select);
}
