/**
 * The admin API as the command line speaks it (PROTOCOL §8.4, OPERATIONS §11.3): JSON requests with the
 * bearer token, and the server's `{error: {code, message}}` turned into an `AdminApiError`.
 */
import type { Writable } from 'node:stream';

/** A refusal from the server (its code and message), or `unreachable` when there was no answer. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

export class AdminApi {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  get<T>(path: string, query: QueryValues = {}): Promise<T> {
    return this.json<T>('GET', path, query);
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.json<T>('POST', path, {}, body);
  }

  /** Copies a streamed answer (an export) to `out` as it arrives. */
  async stream(path: string, out: Writable): Promise<void> {
    const res = await this.request('GET', path, {});
    if (!res.body) return;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    }
  }

  private async json<T>(method: string, path: string, query: QueryValues, body?: unknown): Promise<T> {
    const res = await this.request(method, path, query, body);
    return (await res.json()) as T;
  }

  private async request(method: string, path: string, query: QueryValues, body?: unknown): Promise<Response> {
    const url = new URL(`/api/admin/${path}`, this.base);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (e) {
      throw new AdminApiError(
        0,
        'unreachable',
        `no answer from ${this.base}: ${(e as Error).cause ?? (e as Error).message}`,
      );
    }
    if (res.ok) return res;
    const text = await res.text();
    try {
      const { error } = JSON.parse(text) as { error: { code: string; message: string } };
      throw new AdminApiError(res.status, error.code, error.message);
    } catch (e) {
      if (e instanceof AdminApiError) throw e;
      throw new AdminApiError(res.status, `http_${res.status}`, text.slice(0, 200));
    }
  }
}
