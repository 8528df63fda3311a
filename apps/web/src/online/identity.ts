/**
 * The online identity (PROTOCOL §2.2): `playerId` and `token` from `server-hello`, kept in
 * localStorage and sent as the handshake `auth`, so a reload or a reconnect keeps the same seat. The id
 * of the lobby the player sits in is kept beside it, so a reload knows to reconnect at all.
 */
import type { HandshakeAuth } from '@four-banners/protocol';

const IDENTITY_KEY = 'online-identity';
const LOBBY_KEY = 'online-lobby';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be off (private mode): the identity then lives as long as the page.
  }
}

/** The stored identity, or an empty `auth` for a first visit. */
export function readIdentity(): HandshakeAuth {
  const raw = read(IDENTITY_KEY);
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as { playerId?: unknown; token?: unknown };
    return typeof v.playerId === 'string' && typeof v.token === 'string'
      ? { playerId: v.playerId, token: v.token }
      : {};
  } catch {
    return {};
  }
}

/** Keeps the identity the server greeted this device with. */
export function saveIdentity(playerId: string, token: string): void {
  write(IDENTITY_KEY, JSON.stringify({ playerId, token }));
}

/** The lobby this device sits in online, remembered across reloads (null when none). */
export function readSeatedLobby(): string | null {
  return read(LOBBY_KEY);
}

/** Remembers (or, with null, forgets) the lobby this device sits in. */
export function saveSeatedLobby(lobbyId: string | null): void {
  write(LOBBY_KEY, lobbyId);
}
