/**
 * Which sound a change of the game on screen calls for (issue 9: feedback by ear). Pure: it reads two
 * session snapshots and says what to play, so the choice is tested without Web Audio. Only game actions
 * that follow what was shown, one seq after another, make a sound: a new session (a loaded save, a
 * joined lobby), a resync that replaced the state or anything that does not fold stays silent. A refused
 * click changes nothing, so it stays silent too (ARCHITECTURE §7.5).
 */
import {
  fightOutcome,
  type GameAction,
  type GameData,
  type LobbyState,
  type PlayableCountry,
} from '@four-banners/engine';
import { controlledHere } from '../game/seats';
import type { SessionSnapshot } from '../game/session';

export const SOUND_CUES = [
  'move',
  'banner',
  'chest',
  'fight-won',
  'fight-lost',
  'clash',
  'your-turn',
  'game-won',
  'game-lost',
  'clock-warning',
] as const;
export type SoundCue = (typeof SOUND_CUES)[number];

/** Cues about the state reached (a turn, the end), played after the action's cue. */
export const STATE_CUES: readonly SoundCue[] = ['your-turn', 'game-won', 'game-lost'];

/** When one update holds several actions, the one heard: what touches this device's player first. */
const ACTION_RANK: Record<SoundCue, number> = {
  move: 1,
  banner: 2,
  clash: 3,
  chest: 4,
  'fight-won': 5,
  'fight-lost': 5,
  'your-turn': 0,
  'game-won': 0,
  'game-lost': 0,
  'clock-warning': 0,
};

/** The countries this device plays (its seat and the hot-seat players it owns). */
export function countriesHere(lobby: LobbyState, playerId: string): PlayableCountry[] {
  return lobby.players
    .filter((p) => p.country >= 0 && controlledHere(p, playerId))
    .map((p) => p.country as PlayableCountry);
}

const bannersOf = (g: GameData, c: number) => g.countries.find((x) => x.id === c)?.banners ?? 0;

/**
 * The sound of one game action, folded from `before` to `after`, heard by a device playing `mine`:
 * a fight is won or lost from this player's side (a clash when they are not in it); null for a pass.
 */
export function cueOfAction(
  before: GameData,
  after: GameData,
  action: GameAction,
  seed: number,
  mine: readonly PlayableCountry[],
): SoundCue | null {
  switch (action.id) {
    case 'place_banner':
      return 'banner';
    case 'move_unit': {
      const { country, to } = action.info;
      const defender = before.tiles[to.x + to.y * before.width]?.unit?.id;
      const fight = defender === undefined ? null : fightOutcome(before, action.info, seed);
      if (fight && defender !== undefined) {
        if (mine.includes(country)) return fight.won ? 'fight-won' : 'fight-lost';
        if (mine.includes(defender)) return fight.won ? 'fight-lost' : 'fight-won';
        return 'clash';
      }
      return bannersOf(after, country) > bannersOf(before, country) ? 'chest' : 'move';
    }
    default:
      return null;
  }
}

/**
 * The sounds for the step from `prev` to `next` of one session, as seen by `playerId`: at most one for
 * the actions (the one that matters most to this player) and one for the state reached (the game's end,
 * or this device's turn). Empty when `prev` is null (a new session) or the step is not a live one. The
 * actions are the ones the session says it showed since `prev` (`SessionSnapshot.shown`): nothing is
 * folded again here.
 */
export function cuesForUpdate(prev: SessionSnapshot | null, next: SessionSnapshot, playerId: string): SoundCue[] {
  if (!prev || prev === next) return [];
  const from = prev.lobby.seq;
  const to = next.lobby.seq;
  if (to < from) return [];
  // What is shown did not follow what was shown (a replaced state, another session): not a live step.
  if (to > from && next.shown?.fromSeq !== from) return [];
  const mine = countriesHere(next.lobby, playerId);
  let action: SoundCue | null = null;
  for (const { event, before, after } of to > from ? (next.shown?.actions ?? []) : []) {
    const cue = cueOfAction(before, after, event.payload, event.seed, mine);
    if (cue && (action === null || ACTION_RANK[cue] >= ACTION_RANK[action])) action = cue;
  }
  const out: SoundCue[] = action ? [action] : [];
  if (next.outcome !== null && prev.outcome === null) out.push(next.outcome === 'win' ? 'game-won' : 'game-lost');
  else if (next.active !== null && next.active !== prev.active) out.push('your-turn');
  return out;
}

/** Keeps sounds to a few a second (a token bucket); the state cues are rare and always pass. */
export interface SoundLimiter {
  /** Whether `cue` may play at time `now` (ms); counts it when it may. */
  allow(cue: SoundCue, now: number): boolean;
}

/** A limiter letting `burst` action sounds through at once and `perSecond` more each second. */
export function createLimiter(perSecond = 4, burst = 3): SoundLimiter {
  let tokens = burst;
  let last = -Infinity;
  return {
    allow(cue, now) {
      if (STATE_CUES.includes(cue)) return true;
      tokens = last === -Infinity ? burst : Math.min(burst, tokens + ((now - last) * perSecond) / 1000);
      last = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
