/**
 * Catching up after a seq gap or a reconnect (PROTOCOL §5.2): the answer to
 * `client-sync-state` is folded onto what the client holds with the engine, never patched in.
 */
import { applyEvent, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import { lobbyStateFromSnapshot, type SyncAck } from '@four-banners/protocol';

export interface CaughtUp {
  /** The state after the answer. */
  readonly state: LobbyState;
  /** True when the answer carried a snapshot: what the client showed is replaced, not continued. */
  readonly replaced: boolean;
  /** The events folded onto the state (after the snapshot, if any), in seq order. */
  readonly events: readonly LobbyEvent[];
  /** The state those events were folded onto: the snapshot, or what the client held (null: nothing). */
  readonly base: LobbyState | null;
  /** The state after each of `events` (the session takes these rather than folding them again). */
  readonly states: readonly LobbyState[];
}

/**
 * Folds a successful resync answer onto `state` (null when the client holds nothing yet). Events the
 * client already has are skipped; folding stops at the first one that does not follow (reported by
 * `complete: false`, so the caller asks again from where it got to).
 */
export function foldSyncAnswer(
  state: LobbyState | null,
  answer: Extract<SyncAck, { ok: true }>,
): (CaughtUp & { readonly complete: boolean }) | null {
  let current = state;
  let replaced = false;
  let base = state;
  if (answer.snapshot && (current === null || answer.snapshot.seq > current.seq)) {
    current = lobbyStateFromSnapshot(answer.snapshot);
    base = current;
    replaced = true;
  }
  const folded: LobbyEvent[] = [];
  const states: LobbyState[] = [];
  let complete = true;
  for (const event of answer.events) {
    if (current !== null && event.seq <= current.seq) continue;
    const next = applyEvent(current, event);
    if (!next.ok) {
      complete = false;
      break;
    }
    current = next.value;
    folded.push(event);
    states.push(current);
  }
  if (current === null) return null;
  return { state: current, replaced, events: folded, base, states, complete };
}
