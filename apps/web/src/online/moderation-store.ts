/**
 * Moderation as this device meets it (PROTOCOL §4.9, §2.4): the person being reported from the players list
 * or the chat, the notice of a moderator's close or removal of this device, and a ban refusing the connection.
 */
import { setDialog } from '../app/app-state';
import { createStore, useStore } from '../app/store';

/** Whom the report dialog is about: a person of this lobby, and the chat message when reported from one. */
export interface ReportTarget {
  readonly playerId: string;
  readonly name: string;
  readonly seq?: number;
}

export interface ModerationView {
  readonly report: ReportTarget | null;
  /** "A moderator closed this lobby: …" or "A moderator removed you from this game: …", until dismissed. */
  readonly notice: string | null;
  /** The server refused the connection with `banned` (PROTOCOL §2.4): its message (reason, until). */
  readonly banned: string | null;
  /** How many `banned` refusals so far: each one shows the notice again, even with the same message. */
  readonly refusals: number;
}

export const moderationStore = createStore<ModerationView>({ report: null, notice: null, banned: null, refusals: 0 });

export function useModeration<S>(select: (m: ModerationView) => S): S {
  return useStore(moderationStore, select);
}

/** Opens the report dialog about `target`. */
export function openReport(target: ReportTarget): void {
  moderationStore.set((m) => ({ ...m, report: target }));
  setDialog('report', true);
}

export function closeReport(): void {
  setDialog('report', false);
}

/** Tells this device what a moderator did to it (a dialog: it outlives the redirect that follows). */
export function showModerationNotice(message: string): void {
  moderationStore.set((m) => ({ ...m, notice: message }));
  setDialog('moderated', true);
}

export function dismissModerationNotice(): void {
  setDialog('moderated', false);
}

/** The connection was refused as banned (`message`), or is allowed again (null). */
export function setBanned(message: string | null): void {
  moderationStore.set((m) =>
    message === null
      ? m.banned === null
        ? m
        : { ...m, banned: null }
      : { ...m, banned: message, refusals: m.refusals + 1 },
  );
  // The banned notice replaces the lost-connection dialog: waiting for a reconnect would be waiting for nothing.
  if (message !== null) setDialog('lobbyDisconnected', false);
}

let retryBannedConnection: (() => void) | null = null;

/** The socket's "connect again now", for the banned notice's "Try again" (set by the socket that was refused). */
export function setBannedRetry(retry: () => void): void {
  retryBannedConnection = retry;
}

/** "Try again" on the banned notice: one attempt now. */
export function retryBanned(): void {
  retryBannedConnection?.();
}
