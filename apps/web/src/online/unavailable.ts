/**
 * The server's `unavailable` refusal (PROTOCOL §3.4, §2.4): its storage or Redis did not answer, or it is
 * stopping. Nothing was decided, so the same request is sent again after the server's hint, and the person
 * reads why nothing happens yet — never as if their move were illegal.
 */
import type { Ack } from '@four-banners/protocol';

/** What a person reads while the server's storage is away and their request is being sent again. */
export const STORAGE_RETRYING = "Connection to the game server's storage lost — retrying…";
/** How often a request refused with `unavailable` is sent again before its refusal is shown. */
export const UNAVAILABLE_RETRIES = 5;
/** The pause before a retry: the server's `retryAfterMs`, kept within these bounds. */
const RETRY_PAUSE_MS = { min: 200, max: 5_000 } as const;

/**
 * Sends with `send` until the answer is not `unavailable` (PROTOCOL §3.4: nothing was decided, the same
 * request may come again after `retryAfterMs`), at most `UNAVAILABLE_RETRIES` more times. `waiting` is told
 * once, at the first such refusal, so the person knows why nothing happens yet.
 */
export async function sendRetrying(send: () => Promise<Ack>, waiting: (message: string) => void): Promise<Ack> {
  let ack = await send();
  for (let retry = 0; !ack.ok && ack.error.code === 'unavailable' && retry < UNAVAILABLE_RETRIES; retry++) {
    if (retry === 0) waiting(STORAGE_RETRYING);
    const pause = Math.min(RETRY_PAUSE_MS.max, Math.max(RETRY_PAUSE_MS.min, ack.error.retryAfterMs ?? 1000));
    await new Promise((resolve) => setTimeout(resolve, pause));
    ack = await send();
  }
  return ack;
}
