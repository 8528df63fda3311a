/** A lobby's status as an operator reads it (PROTOCOL §8.4), from its row and the time now. */
import type { AdminLobbyStatus } from '@four-banners/protocol';
import type { LobbyRow } from '../storage/lobby-log.repository.js';

/**
 * `waiting` (open, not started), `running` (an append within `abandonedAfterMs`), `finished`, `abandoned`
 * (started, not finished, and closed or silent for longer), `closed` (closed before it started).
 */
export function adminStatusOf(row: LobbyRow, now: number, abandonedAfterMs: number): AdminLobbyStatus {
  switch (row.status) {
    case 'open':
      return 'waiting';
    case 'finished':
      return 'finished';
    case 'closed':
      return row.startedAt === null ? 'closed' : 'abandoned';
    case 'running':
      return now - Date.parse(row.updatedAt) > abandonedAfterMs ? 'abandoned' : 'running';
  }
}
