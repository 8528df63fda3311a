/** The app's HTTP client (PROTOCOL §8): small fetch helpers, JSON in, the server's error message out. */
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

/** The online identity a request may carry, so the server shows a seated player their lobby's chat. */
export interface PlayerCredentials {
  readonly playerId: string;
  readonly token: string;
}

export interface GetJsonInit {
  /** The admin API's bearer token. */
  readonly token?: string;
  /** Sent as `X-Player-Id` / `X-Player-Token`. */
  readonly player?: PlayerCredentials;
  readonly signal?: AbortSignal;
}

/** GETs `path` as JSON; throws an `ApiError` with the server's own message on a non-2xx answer. */
export async function getJson<T>(path: string, init: GetJsonInit = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers.Authorization = `Bearer ${init.token}`;
  if (init.player) {
    headers['X-Player-Id'] = init.player.playerId;
    headers['X-Player-Token'] = init.player.token;
  }
  let res: Response;
  try {
    res = await fetch(path, { headers, signal: init.signal });
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
