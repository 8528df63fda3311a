/**
 * The server's clock as this device sees it (PROTOCOL §4.8): a turn's deadline is the server's time, so
 * the countdown reads it against the local clock corrected by an offset. Each live event's `at` (the
 * server's time when it was logged) and the local time it arrived give one sample of that offset; a
 * sample lags the truth by the event's travel time, so the largest of the recent samples is kept. A
 * device whose own clock is minutes off still counts the right seconds.
 */

/** How many recent samples the offset is taken from (an old one fades out when the clocks drift). */
export const OFFSET_SAMPLES = 20;

/** An offset (ms, server minus local) estimated from recent events. */
export class ServerClock {
  private samples: number[] = [];

  /** Records that an event logged at `at` (ISO time, the server's clock) arrived at local time `localMs`. */
  observe(at: string, localMs: number): void {
    const serverMs = Date.parse(at);
    if (Number.isNaN(serverMs)) return;
    this.samples.push(serverMs - localMs);
    if (this.samples.length > OFFSET_SAMPLES) this.samples.shift();
  }

  /** Server time minus local time, in ms (0 before any event arrived). */
  get offset(): number {
    return this.samples.length === 0 ? 0 : Math.max(...this.samples);
  }

  /** The server's time now, given the local time `localMs`. */
  serverNow(localMs: number): number {
    return localMs + this.offset;
  }

  /** Forgets every sample (another lobby, another server). */
  reset(): void {
    this.samples = [];
  }
}

/** Milliseconds left until `deadline` (server time), never negative; null when no clock runs. */
export function remainingMs(deadline: number | null, localMs: number, offset: number): number | null {
  if (deadline === null) return null;
  return Math.max(0, deadline - (localMs + offset));
}

/** The last stretch of a turn's clock, shown as a warning (visual, and a sound when sound is on). */
export const WARNING_MS = 10_000;

/** How a turn's remaining time is shown: `m:ss`, rounded up (a turn with 0.2 s left still shows 0:01). */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** Whether `ms` left is in the warning stretch (and the clock has not run out yet). */
export function isWarning(ms: number | null): boolean {
  return ms !== null && ms > 0 && ms <= WARNING_MS;
}

/** The app's estimate (the online client feeds it; the countdowns read it). */
export const serverClock = new ServerClock();
