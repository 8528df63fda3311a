/** Small fetch helpers for the HTTP API (DESIGN.md §6): JSON in, the server's error message out. */
import type { HttpErrorCode } from '@four-banners/protocol';

/** A failed request: `status` 0 when the server could not be reached at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: HttpErrorCode | 'unreachable' | 'unknown',
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** GETs `path` as JSON; throws an `ApiError` with the server's own message on a non-2xx answer. */
export async function getJson<T>(path: string, init: { token?: string; signal?: AbortSignal } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      headers: init.token !== undefined ? { Authorization: `Bearer ${init.token}` } : undefined,
      signal: init.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'unreachable', 'The game server could not be reached.');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (body as { error?: { code?: HttpErrorCode; message?: string } } | null)?.error;
    throw new ApiError(res.status, error?.code ?? 'unknown', error?.message ?? `The server answered ${res.status}.`);
  }
  // The offline worker answers an /api request with the app's HTML when there is no network.
  if (body === null) throw new ApiError(0, 'unreachable', 'The game server could not be reached.');
  return body as T;
}

/** Don't retry what a retry cannot fix (a 4xx); retry a network or server failure once. */
export const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
