import type { Ack } from '@four-banners/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_RETRYING, UNAVAILABLE_RETRIES, sendRetrying } from './unavailable';

const away: Ack = { ok: false, error: { code: 'unavailable', message: 'storage away', retryAfterMs: 1000 } };
const illegal: Ack = { ok: false, error: { code: 'not_actable', message: 'That move is not allowed.' } };

describe('a request refused with unavailable (PROTOCOL §3.4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is sent again after the hint until it is answered, and the person is told once', async () => {
    const answers: Ack[] = [away, away, { ok: true, seq: 9 }];
    const send = vi.fn(async () => answers.shift()!);
    const waiting = vi.fn();
    const done = sendRetrying(send, waiting);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1001);
    await expect(done).resolves.toEqual({ ok: true, seq: 9 });
    expect(send).toHaveBeenCalledTimes(3);
    expect(waiting.mock.calls).toEqual([[STORAGE_RETRYING]]);
  });

  it('gives up after its retries, with the last refusal', async () => {
    const send = vi.fn(async () => away);
    const done = sendRetrying(send, () => {});
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(done).resolves.toEqual(away);
    expect(send).toHaveBeenCalledTimes(UNAVAILABLE_RETRIES + 1);
  });

  it('never sends again a request the rules refused', async () => {
    const send = vi.fn(async () => illegal);
    const waiting = vi.fn();
    await expect(sendRetrying(send, waiting)).resolves.toEqual(illegal);
    expect(send).toHaveBeenCalledTimes(1);
    expect(waiting).not.toHaveBeenCalled();
  });
});
