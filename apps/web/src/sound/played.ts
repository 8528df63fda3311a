/**
 * The sounds this page has played, oldest first, for the read-only debug handle (`window.fourBanners`).
 * Tiny on purpose: the app shell imports it; the sound code itself loads lazily.
 */
const LIMIT = 200;
const played: string[] = [];

/** Notes that the sound `cue` was played. */
export function recordSound(cue: string): void {
  played.push(cue);
  if (played.length > LIMIT) played.splice(0, played.length - LIMIT);
}

/** The sounds played so far (a copy). */
export function playedSounds(): string[] {
  return [...played];
}
