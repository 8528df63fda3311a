/**
 * Sound effects for the game in progress (issue 9). Loaded lazily by the app shell: it follows the
 * session store, turns each live step of the game into at most two cues (`cuesForUpdate`) and plays
 * them with Web Audio when the settings allow. The AudioContext is made on the first user gesture
 * (browsers refuse sound before one), never earlier.
 */
import { prefersReducedMotion, settingsStore, soundOn } from '../app/settings';
import { ROLL_MS, diceRoll } from '../art/dice';
import { sessionStore } from '../game/session-store';
import type { GameSession, SessionSnapshot } from '../game/session';
import { createLimiter, cuesForUpdate, type SoundCue } from './cues';
import { recordSound } from './played';
import { lengthOf, RECIPES } from './recipes';
import { playVoices } from './synth';

/** The pause between an action's sound and the turn's (seconds). */
const GAP_S = 0.05;

/** A fight is heard when its result shows: after the fight card's dice roll, when that plays. */
const AT_REVEAL: readonly SoundCue[] = ['fight-won', 'fight-lost', 'clash'];

let context: AudioContext | null = null;
/** A resume asked of a suspended context and not yet settled: one at a time, not one per click. */
let resuming = false;
let stop: (() => void) | null = null;

function wanted(): boolean {
  const s = settingsStore.get();
  return soundOn(s, prefersReducedMotion()) && s.soundVolume > 0;
}

/** Whether the page has had a user gesture (where the browser can tell; else only our own listener knows). */
function activated(): boolean {
  return (
    (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive === true
  );
}

/** The audio context, made (or woken) when allowed: after a user gesture, with sound on. */
function audio(gesture: boolean): AudioContext | null {
  if (!context) {
    if (!(gesture || activated()) || typeof AudioContext !== 'function') return null;
    try {
      context = new AudioContext();
    } catch {
      return null;
    }
  }
  // Waking a context is costly where it cannot start (no audio device): ask once, and again only after
  // that answer, so every click does not pay for it.
  if (context.state === 'suspended' && gesture && !resuming) {
    resuming = true;
    void context
      .resume()
      .catch(() => undefined)
      .finally(() => {
        resuming = false;
      });
  }
  return context;
}

function play(cues: readonly SoundCue[], limiter: ReturnType<typeof createLimiter>): void {
  if (cues.length === 0 || !wanted()) return;
  const ctx = audio(false);
  if (!ctx) return;
  const volume = settingsStore.get().soundVolume / 100;
  let delay = AT_REVEAL.includes(cues[0]!) && diceRoll() ? ROLL_MS / 1000 : 0;
  for (const cue of cues) {
    if (!limiter.allow(cue, performance.now())) continue;
    playVoices(ctx, RECIPES[cue], volume, delay);
    recordSound(cue);
    delay += lengthOf(cue) + GAP_S;
  }
}

/** Starts following the game; idempotent. Returns a function that stops it. */
export function startSoundController(): () => void {
  if (stop) return stop;
  const limiter = createLimiter();
  let session: GameSession | null = null;
  let shown: SessionSnapshot | null = null;
  let unsubscribeSession: () => void = () => {};

  const onSnapshot = () => {
    if (!session) return;
    const next = session.getSnapshot();
    const cues = cuesForUpdate(shown, next, session.playerId);
    shown = next;
    play(cues, limiter);
  };
  const follow = () => {
    const current = sessionStore.get();
    if (current === session) return;
    unsubscribeSession();
    session = current;
    // What a new session already holds is history, never played.
    shown = current?.getSnapshot() ?? null;
    unsubscribeSession = current ? current.subscribe(onSnapshot) : () => {};
  };
  const unsubscribeStore = sessionStore.subscribe(follow);
  follow();

  const unlock = () => {
    if (wanted()) audio(true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);

  stop = () => {
    unsubscribeStore();
    unsubscribeSession();
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
    stop = null;
  };
  return stop;
}

/** Plays one sound at the current volume (the settings page's preview, called from a gesture). */
export function previewSound(cue: SoundCue = 'your-turn'): void {
  if (!wanted()) return;
  const ctx = audio(true);
  if (!ctx) return;
  playVoices(ctx, RECIPES[cue], settingsStore.get().soundVolume / 100);
  recordSound(cue);
}

/** Plays one cue now when sound is on (the turn clock's warning, which no game step carries). */
export function playCue(cue: SoundCue): void {
  if (!wanted()) return;
  const ctx = audio(false);
  if (!ctx) return;
  playVoices(ctx, RECIPES[cue], settingsStore.get().soundVolume / 100);
  recordSound(cue);
}
