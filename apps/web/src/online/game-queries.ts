/**
 * Query keys and options of the HTTP API (ARCHITECTURE §7.8: one module; loaders and components share them):
 * the public games list and logs (replays, and the game screen's earlier log). The open lobbies' are in
 * open-lobbies.ts, the admin console's in admin/admin-api.ts.
 */
import type { LobbyEvent } from '@four-banners/engine';
import type { EventsPage, GamesPage } from '@four-banners/protocol';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { readIdentity } from './identity';
import { ApiError, getJson, retryOnce, type PlayerCredentials } from '../app/api';

export const GAMES_PAGE_SIZE = 10;
/** The server's page limit (protocol EVENTS_PAGE_MAX; a value import would pull zod into the first bundle). */
const EVENTS_PAGE_MAX = 1000;

export const apiKeys = {
  games: (offset: number) => ['games', 'list', offset] as const,
  gameLog: (id: string) => ['games', 'log', id] as const,
};

/** Recent started games, newest first, one page. */
export const gamesQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: apiKeys.games(offset),
    queryFn: ({ signal }) => getJson<GamesPage>(`/api/games?limit=${GAMES_PAGE_SIZE}&offset=${offset}`, { signal }),
    retry: retryOnce,
    placeholderData: keepPreviousData,
  });

/** The stored online identity, when there is one: the server then shows chat to a player seated in the game. */
function storedPlayer(): PlayerCredentials | undefined {
  const { playerId, token } = readIdentity();
  return playerId && token ? { playerId, token } : undefined;
}

/**
 * Every event of a game's log after seq `after` (0: the whole log) and through seq `through` (by default to
 * its end), fetched page by page. The server caps a page in count (EVENTS_PAGE_MAX) and in bytes, so a page
 * may hold fewer events than asked: each next page starts after the last seq received, until `lastSeq` or
 * `through`. A page that brings nothing new before then is an error, never a loop.
 */
export async function fetchGameLog(
  id: string,
  signal?: AbortSignal,
  after = 0,
  through = Number.POSITIVE_INFINITY,
): Promise<LobbyEvent[]> {
  const player = storedPlayer();
  const events: LobbyEvent[] = [];
  let from = after + 1;
  for (;;) {
    const to = Math.min(from + EVENTS_PAGE_MAX - 1, through);
    const page = await getJson<EventsPage>(`/api/games/${encodeURIComponent(id)}/events?from=${from}&to=${to}`, {
      signal,
      player,
    });
    events.push(...page.events);
    const last = events[events.length - 1]?.seq ?? after;
    if (last >= Math.min(page.lastSeq, through)) return events;
    if (page.events.length === 0 || last < from) {
      throw new ApiError(502, 'unknown', `The server's log of game ${id} stops at seq ${last} of ${page.lastSeq}.`);
    }
    from = last + 1;
  }
}

/** A game's whole log, for its replay (a finished log never changes, so it stays fresh). */
export const gameLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: apiKeys.gameLog(id),
    queryFn: ({ signal }) => fetchGameLog(id, signal),
    retry: retryOnce,
    staleTime: 5 * 60_000,
  });
