/**
 * What players read about a moderator's action (PROTOCOL §4.9): one wording per action, shared by the game's
 * feed, the replay's event list and the notices, so a removal reads the same everywhere.
 */
import type { LobbyEvent, LobbyState, ModerationPayload } from '@four-banners/engine';
import { playerLabel } from './seats';

/** What a removed chat message shows instead of its text, in every list of messages. */
export const REMOVED_MESSAGE = 'Message removed by a moderator';

function nameOf(state: LobbyState | null, playerId: string): string {
  const player = state?.players.find((p) => p.id === playerId);
  return player ? playerLabel(player) : 'Someone';
}

/** "14:05 UTC" of an ISO time, for a mute's end in a log line (the same for every reader). */
function utcTime(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** A moderator's action in one sentence, with the reason the players were given (`before`/`after`: the fold around it). */
export function moderationText(p: ModerationPayload, before: LobbyState | null, after: LobbyState): string {
  switch (p.action) {
    case 'close':
      return `A moderator closed the lobby: ${p.reason}`;
    case 'remove-seat': {
      const who = nameOf(before, p.playerId);
      return p.bot
        ? `A moderator removed ${who}: a bot plays on (${p.reason})`
        : `A moderator removed ${who} (${p.reason})`;
    }
    case 'remove-chat': {
      const by = before?.messages.find((m) => m.seq === p.seq);
      return `A moderator removed ${by ? `${nameOf(after, by.playerId)}'s` : 'a'} message (${p.reason})`;
    }
    case 'mute':
      return `A moderator muted ${nameOf(after, p.playerId)} until ${utcTime(p.until)} (${p.reason})`;
  }
}

/** Whether `event` closes its lobby: the lobby's own close, an idle or turn-limit close, or a moderator's. */
export function closesLobby(event: LobbyEvent): boolean {
  if (event.kind === 'lobby-updated') return event.payload.online === false;
  return event.kind === 'moderation' && event.payload.action === 'close';
}

/** What this device is told when a moderator acts on it, or null when the action is not about this device. */
export function moderationNoticeFor(p: ModerationPayload, me: string | null): string | null {
  switch (p.action) {
    case 'close':
      return `A moderator closed this lobby: ${p.reason}`;
    case 'remove-seat':
      return p.playerId === me ? `A moderator removed you from this game: ${p.reason}` : null;
    default:
      return null;
  }
}

/** "You are muted until 14:05: spam" — the chat box's notice while this device's mute lasts (local time). */
export function muteNotice(until: string, reason: string): string {
  const end = new Date(until);
  const hhmm = `${String(end.getHours()).padStart(2, '0')}:${String(end.getMinutes()).padStart(2, '0')}`;
  return `You are muted until ${hhmm}: ${reason}`;
}
