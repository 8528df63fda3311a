/** Which browser origins may use the socket and the API (default: the server's own origin only). */

/**
 * Whether a request with `origin` (the `Origin` header) to `host` (the `Host` header) is allowed:
 * no `Origin` (not a browser, or a same-origin navigation) passes; otherwise it must be the server's
 * own origin or one of `allowed` (`scheme://host[:port]`, no trailing slash).
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined || origin === '') return true;
  if (allowed.includes(origin)) return true;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}
