/**
 * The open lobbies and the invite landing over HTTP (PROTOCOL §8.7): `GET /api/lobbies` (listed lobbies
 * waiting for players), polled gently while the list is on screen, and `GET /api/lobbies/:id` (one lobby
 * waiting, listed or not). Both are rate-limited per address, so neither is asked more than every 5 s.
 */
import { PLAYABLE_COUNTRIES, type PlayableCountry } from '@four-banners/engine';
import type { InviteResponse, OpenLobbiesPage, OpenLobby } from '@four-banners/protocol';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, getJson } from '../app/api';

/** How often the open lobbies list is asked again while it is shown. */
export const OPEN_LOBBIES_REFRESH_MS = 5_000;

export const lobbyKeys = {
  open: ['lobbies', 'open'] as const,
  invite: (id: string) => ['lobbies', 'invite', id] as const,
};

export const openLobbiesQueryOptions = () =>
  queryOptions({
    queryKey: lobbyKeys.open,
    queryFn: ({ signal }) => getJson<OpenLobbiesPage>('/api/lobbies', { signal }),
    refetchInterval: OPEN_LOBBIES_REFRESH_MS,
    staleTime: OPEN_LOBBIES_REFRESH_MS,
    retry: false,
  });

export const inviteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: lobbyKeys.invite(id),
    queryFn: ({ signal }) => getJson<InviteResponse>(`/api/lobbies/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (q.state.error instanceof ApiError ? false : OPEN_LOBBIES_REFRESH_MS),
    staleTime: OPEN_LOBBIES_REFRESH_MS,
    retry: false,
  });

/** The first colour nobody holds in `lobby`, or null when every colour is taken. */
export function freeColour(lobby: Pick<OpenLobby, 'players'>): PlayableCountry | null {
  const taken = new Set(lobby.players.map((p) => p.country));
  return PLAYABLE_COUNTRIES.find((c) => !taken.has(c)) ?? null;
}

/** How long ago `createdAt` was, in words ("just now", "3 min", "2 h"), at time `nowMs`. */
export function ageOf(createdAt: string, nowMs: number): string {
  const s = Math.max(0, Math.floor((nowMs - Date.parse(createdAt)) / 1000));
  if (!Number.isFinite(s) || s < 60) return 'just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h`;
}

/** A clock in words: "60 s per turn", "2 min per turn", "no clock". */
export function clockWords(clock: number): string {
  if (clock === 0) return 'no clock';
  return clock >= 120 ? `${clock / 60} min per turn` : `${clock} s per turn`;
}
