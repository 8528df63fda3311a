import { describe, expect, it } from 'vitest';
import { MetricsService } from './metrics.service.js';
import { FIRST_RETRY_MS, MAX_RETRY_MS, RetryBackoff } from './retry-backoff.js';

async function counted(metrics: MetricsService, name: string): Promise<number> {
  const text = await metrics.registry.getSingleMetricAsString(name);
  const line = text.split('\n').find((l) => l.includes('job="bot_turn"'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('the back-off of a background job after a failure (ARCHITECTURE §5.10)', () => {
  it('waits twice as long after each failure in a row, up to its cap, within a quarter of jitter', () => {
    const metrics = new MetricsService();
    const low = new RetryBackoff('bot_turn', metrics, MAX_RETRY_MS, () => 0);
    const high = new RetryBackoff('bot_turn', metrics, MAX_RETRY_MS, () => 1);
    const lows = Array.from({ length: 8 }, () => low.failed('lobby'));
    const highs = Array.from({ length: 8 }, () => high.failed('lobby'));
    expect(highs).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(lows).toEqual(highs.map((ms) => Math.round(ms * 0.75)));
    expect(lows[0]).toBe(Math.round(FIRST_RETRY_MS * 0.75));
  });

  it('starts from the shortest wait again after a success, and forgets closed lobbies', () => {
    const backoff = new RetryBackoff('bot_turn', new MetricsService(), MAX_RETRY_MS, () => 1);
    backoff.failed('a');
    backoff.failed('a');
    backoff.failed('b');
    expect(backoff.size).toBe(2);
    backoff.succeeded('a');
    expect(backoff.failuresOf('a')).toBe(0);
    expect(backoff.failed('a')).toBe(FIRST_RETRY_MS);
    backoff.forget('a');
    backoff.forget('b');
    expect(backoff.size).toBe(0);
  });

  it('counts failures and retries by job; a first try is no retry', async () => {
    const metrics = new MetricsService();
    const backoff = new RetryBackoff('bot_turn', metrics);
    expect(backoff.retrying('lobby')).toBe(false);
    backoff.failed('lobby');
    backoff.failed('lobby');
    expect(backoff.retrying('lobby')).toBe(true);
    expect(await counted(metrics, 'fb_job_failures_total')).toBe(2);
    expect(await counted(metrics, 'fb_job_retries_total')).toBe(1);
  });
});
