/**
 * The admin console's side of the admin API (PROTOCOL §8.4, §4.9; OPERATIONS §11): the token kept in this
 * tab, query keys and options for every admin read, and the requests that act (each with a reason).
 */
import type { LobbyEvent } from '@four-banners/engine';
import type {
  AdminActionResult,
  AdminListPage,
  AdminLobbiesPage,
  AdminLobbyDetail,
  AdminLobbyStatus,
  AdminOverview,
  AuditEntry,
  EventsPage,
  Report,
  Sanction,
  VerifyReport,
} from '@four-banners/protocol';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, getJson, retryOnce } from '../app/api';

/** The statuses an operator filters by (protocol ADMIN_LOBBY_STATUSES; a value import would pull zod in). */
export const ADMIN_STATUSES: readonly AdminLobbyStatus[] = ['waiting', 'running', 'finished', 'abandoned', 'closed'];
export const ADMIN_PAGE_SIZE = 20;
/** The server's events page limit (protocol EVENTS_PAGE_MAX). */
const EVENTS_PAGE_MAX = 1000;
/** The counts at the top are asked again this often. */
export const OVERVIEW_REFRESH_MS = 10_000;

const TOKEN_KEY = 'admin-token';

/** The admin token of this tab (sessionStorage: gone with the tab), or ''. */
export function readAdminToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

export function writeAdminToken(token: string): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked: the token lives in memory for this page only.
  }
}

/** The find page's search, as its URL holds it. */
export interface LobbySearch {
  readonly q?: string;
  readonly status?: AdminLobbyStatus;
  readonly since?: string;
  readonly until?: string;
  readonly sort?: 'created' | 'updated';
  readonly order?: 'asc' | 'desc';
  readonly offset?: number;
}

export const adminKeys = {
  all: (token: string) => ['admin', token] as const,
  overview: (token: string) => [...adminKeys.all(token), 'overview'] as const,
  lobbies: (token: string, search: LobbySearch) => [...adminKeys.all(token), 'lobbies', search] as const,
  lobby: (token: string, id: string) => [...adminKeys.all(token), 'lobby', id] as const,
  log: (token: string, id: string) => [...adminKeys.all(token), 'log', id] as const,
  reports: (token: string, status: 'open' | 'resolved', offset: number) =>
    [...adminKeys.all(token), 'reports', status, offset] as const,
  sanctions: (token: string, active: boolean, offset: number) =>
    [...adminKeys.all(token), 'sanctions', active, offset] as const,
  audit: (token: string, offset: number) => [...adminKeys.all(token), 'audit', offset] as const,
};

const lobbyPath = (id: string) => `/api/admin/lobbies/${encodeURIComponent(id)}`;

/** `?a=1&b=x` of the values that are set. */
function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Asked even without a token, so a server without admin tokens says so (503) at once. */
export const overviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: adminKeys.overview(token),
    queryFn: ({ signal }) => getJson<AdminOverview>('/api/admin/overview', { token, signal }),
    retry: retryOnce,
    refetchInterval: OVERVIEW_REFRESH_MS,
  });

export const lobbiesQueryOptions = (token: string, search: LobbySearch) =>
  queryOptions({
    queryKey: adminKeys.lobbies(token, search),
    queryFn: ({ signal }) =>
      getJson<AdminLobbiesPage>(`/api/admin/lobbies${queryString({ ...search, limit: ADMIN_PAGE_SIZE })}`, {
        token,
        signal,
      }),
    retry: retryOnce,
    placeholderData: keepPreviousData,
  });

export const lobbyDetailQueryOptions = (token: string, id: string) =>
  queryOptions({
    queryKey: adminKeys.lobby(token, id),
    queryFn: ({ signal }) => getJson<AdminLobbyDetail>(lobbyPath(id), { token, signal }),
    retry: retryOnce,
    refetchInterval: OVERVIEW_REFRESH_MS,
  });

/** A lobby's whole log, chat text included, page by page (pages are capped in count and bytes, PROTOCOL §8.3). */
export async function fetchAdminLog(token: string, id: string, signal?: AbortSignal, after = 0): Promise<LobbyEvent[]> {
  const events: LobbyEvent[] = [];
  let from = after + 1;
  for (;;) {
    const page = await getJson<EventsPage>(`${lobbyPath(id)}/events?from=${from}&to=${from + EVENTS_PAGE_MAX - 1}`, {
      token,
      signal,
    });
    events.push(...page.events);
    const last = events.at(-1)?.seq ?? after;
    if (last >= page.lastSeq) return events;
    if (page.events.length === 0 || last < from) {
      throw new ApiError(502, 'unknown', `The server's log of lobby ${id} stops at seq ${last} of ${page.lastSeq}.`);
    }
    from = last + 1;
  }
}

export const adminLogQueryOptions = (token: string, id: string) =>
  queryOptions({
    queryKey: adminKeys.log(token, id),
    queryFn: ({ signal }) => fetchAdminLog(token, id, signal),
    retry: retryOnce,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const reportsQueryOptions = (token: string, status: 'open' | 'resolved', offset: number) =>
  queryOptions({
    queryKey: adminKeys.reports(token, status, offset),
    queryFn: ({ signal }) =>
      getJson<AdminListPage<Report>>(`/api/admin/reports${queryString({ status, limit: ADMIN_PAGE_SIZE, offset })}`, {
        token,
        signal,
      }),
    retry: retryOnce,
    placeholderData: keepPreviousData,
  });

export const sanctionsQueryOptions = (token: string, active: boolean, offset: number) =>
  queryOptions({
    queryKey: adminKeys.sanctions(token, active, offset),
    queryFn: ({ signal }) =>
      getJson<AdminListPage<Sanction>>(
        `/api/admin/sanctions${queryString({ active: active ? 'true' : 'false', limit: ADMIN_PAGE_SIZE, offset })}`,
        { token, signal },
      ),
    retry: retryOnce,
    placeholderData: keepPreviousData,
  });

export const auditQueryOptions = (token: string, offset: number) =>
  queryOptions({
    queryKey: adminKeys.audit(token, offset),
    queryFn: ({ signal }) =>
      getJson<AdminListPage<AuditEntry>>(`/api/admin/audit${queryString({ limit: ADMIN_PAGE_SIZE, offset })}`, {
        token,
        signal,
      }),
    retry: retryOnce,
    placeholderData: keepPreviousData,
  });

/** Throws the server's own code and message for a non-2xx answer. */
async function failure(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  const error = (body as { error?: { code?: ApiError['code']; message?: string } } | null)?.error;
  return new ApiError(res.status, error?.code ?? 'unknown', error?.message ?? `The server answered ${res.status}.`);
}

async function send(path: string, token: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError(0, 'unreachable', 'The game server could not be reached.');
  }
  if (!res.ok) throw await failure(res);
  return res;
}

/** POSTs `body` as JSON to an admin route and reads its JSON answer. */
export async function postAdmin<T = AdminActionResult>(path: string, token: string, body: unknown): Promise<T> {
  const res = await send(path, token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return (await res.json()) as T;
}

/** The moderation requests of PROTOCOL §4.9, by what they act on. */
export const adminActions = {
  close: (token: string, lobbyId: string, reason: string) =>
    postAdmin(`${lobbyPath(lobbyId)}/close`, token, { reason }),
  removeSeat: (token: string, lobbyId: string, playerId: string, reason: string) =>
    postAdmin(`${lobbyPath(lobbyId)}/remove-seat`, token, { playerId, reason }),
  removeChat: (token: string, lobbyId: string, seq: number, reason: string) =>
    postAdmin(`${lobbyPath(lobbyId)}/remove-chat`, token, { seq, reason }),
  mute: (token: string, playerId: string, lobbyId: string | null, minutes: number, reason: string) =>
    postAdmin('/api/admin/mutes', token, { playerId, lobbyId, minutes, reason }),
  ban: (
    token: string,
    target: { identity: string } | { address: string },
    minutes: number | undefined,
    reason: string,
  ) => postAdmin('/api/admin/bans', token, minutes === undefined ? { target, reason } : { target, minutes, reason }),
  lift: (token: string, sanctionId: number, reason: string) =>
    postAdmin(`/api/admin/sanctions/${sanctionId}/lift`, token, { reason }),
  resolve: (token: string, reportId: number, resolution: 'actioned' | 'dismissed', note?: string) =>
    postAdmin(`/api/admin/reports/${reportId}/resolve`, token, note ? { resolution, note } : { resolution }),
  verify: (token: string, lobbyId: string) => postAdmin<VerifyReport>(`${lobbyPath(lobbyId)}/verify`, token, {}),
};

/** Downloads the lobby's log as NDJSON (the request needs the bearer header, so it goes through a Blob URL). */
export async function downloadExport(token: string, lobbyId: string): Promise<void> {
  const res = await send(`${lobbyPath(lobbyId)}/export`, token, { method: 'GET' });
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `lobby-${lobbyId}.ndjson`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "3 min ago", "2 h ago", "5 d ago" from an ISO time. */
export function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** The words of a failed request: its code and the server's message. */
export function errorWords(error: unknown): string {
  if (error instanceof ApiError) return `${error.code} (${error.status}): ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
