/** POSTs to the moderation API (PROTOCOL §8.8) for the moderation tests. */
import { ADMIN_TOKEN } from './harness.js';

/** POSTs `body` as JSON to `url` with an admin token (none: no header); returns status and body. */
export async function postJson(
  url: string,
  body: unknown,
  token: string | null = ADMIN_TOKEN,
  // biome-ignore lint/suspicious/noExplicitAny: tests read an answer's fields directly and let expect() judge them
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
