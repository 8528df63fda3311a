import { describe, expect, it } from 'vitest';
import { formatClock, isWarning, remainingMs, ServerClock, OFFSET_SAMPLES } from './server-clock';

describe('the server clock seen from a device (PROTOCOL §4.8)', () => {
  it('is the local clock until an event arrives', () => {
    const clock = new ServerClock();
    expect(clock.offset).toBe(0);
    expect(clock.serverNow(1_000)).toBe(1_000);
  });

  it('a device whose clock runs 5 minutes fast still counts the server’s seconds', () => {
    const clock = new ServerClock();
    const server = Date.parse('2026-01-01T12:00:00Z');
    const fast = 5 * 60_000;
    // The event left the server at `server` and arrived 80 ms later on a clock 5 min ahead.
    clock.observe(new Date(server).toISOString(), server + 80 + fast);
    expect(clock.offset).toBe(-fast - 80);
    const deadline = server + 30_000;
    // 10 s after the event arrived (local time), about 20 s are left, not 5 min more or less.
    const left = remainingMs(deadline, server + 80 + fast + 10_000, clock.offset)!;
    expect(left).toBe(20_000);
  });

  it('keeps the largest recent sample: the event with the shortest trip is closest to the truth', () => {
    const clock = new ServerClock();
    const t = Date.parse('2026-01-01T12:00:00Z');
    clock.observe(new Date(t).toISOString(), t + 400); // a slow trip
    clock.observe(new Date(t + 1_000).toISOString(), t + 1_020); // a quick one
    expect(clock.offset).toBe(-20);
  });

  it('forgets old samples, so a clock that was changed is followed', () => {
    const clock = new ServerClock();
    const t = Date.parse('2026-01-01T12:00:00Z');
    clock.observe(new Date(t).toISOString(), t - 60_000); // the device was a minute slow
    for (let i = 1; i <= OFFSET_SAMPLES; i++) clock.observe(new Date(t + i * 1000).toISOString(), t + i * 1000 + 50);
    expect(clock.offset).toBe(-50);
  });

  it('ignores an unreadable time', () => {
    const clock = new ServerClock();
    clock.observe('not a time', 5);
    expect(clock.offset).toBe(0);
  });
});

describe('the countdown’s words', () => {
  it('shows m:ss rounded up, never below 0:00', () => {
    expect(formatClock(60_000)).toBe('1:00');
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(32_000)).toBe('0:32');
    expect(formatClock(200)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-5_000)).toBe('0:00');
    expect(formatClock(120_000)).toBe('2:00');
  });

  it('warns in the last ten seconds only, while time is left', () => {
    expect(isWarning(null)).toBe(false);
    expect(isWarning(10_001)).toBe(false);
    expect(isWarning(10_000)).toBe(true);
    expect(isWarning(1)).toBe(true);
    expect(isWarning(0)).toBe(false);
  });

  it('no deadline, no countdown', () => {
    expect(remainingMs(null, 0, 0)).toBeNull();
    expect(remainingMs(1_000, 5_000, 0)).toBe(0);
  });
});
