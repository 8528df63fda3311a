/**
 * How far this device has read each lobby's chat (ARCHITECTURE §7.4), kept in localStorage
 * so a reload does not light the unread badge again. One small key: the most recently read lobbies
 * first, at most `CHAT_SEEN_LOBBIES` of them.
 */

export const CHAT_SEEN_KEY = 'chat-seen';
/** Lobbies remembered; older ones are forgotten (their chat then counts as unread once more). */
export const CHAT_SEEN_LOBBIES = 20;

interface SeenEntry {
  readonly lobbyId: string;
  readonly seen: number;
}

function readAll(): SeenEntry[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CHAT_SEEN_KEY);
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    // Anything else in the key (an old format, a hand edit) is dropped rather than trusted.
    return v.filter(
      (e): e is SeenEntry =>
        typeof e === 'object' && e !== null && typeof e.lobbyId === 'string' && Number.isInteger(e.seen) && e.seen >= 0,
    );
  } catch {
    return [];
  }
}

/** The index of the last chat message this device saw in `lobbyId`, or undefined if none is known. */
export function readLastSeen(lobbyId: string): number | undefined {
  return readAll().find((e) => e.lobbyId === lobbyId)?.seen;
}

/** Remembers that messages up to index `seen` of `lobbyId` were on screen; that lobby becomes the most recent. */
export function saveLastSeen(lobbyId: string, seen: number): void {
  const rest = readAll().filter((e) => e.lobbyId !== lobbyId);
  const next = [{ lobbyId, seen }, ...rest].slice(0, CHAT_SEEN_LOBBIES);
  try {
    localStorage.setItem(CHAT_SEEN_KEY, JSON.stringify(next));
  } catch {
    // Storage may be off (private mode): what was read then lasts as long as the page.
  }
}
