/** Short lines for the console's event list and chat (PROTOCOL §7.1 kinds), with names from the log itself. */
import type { LobbyEvent } from '@four-banners/engine';

/** Every name a person or bot had in the log, by id (the latest wins). */
export function namesOf(events: readonly LobbyEvent[]): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.kind === 'player-joined') names.set(e.payload.player.id, e.payload.player.name);
    if (e.kind === 'moderation' && e.payload.action === 'remove-seat' && e.payload.bot) {
      names.set(e.payload.bot.id, e.payload.bot.name);
    }
  }
  return names;
}

/** The seqs of the chat messages a moderator removed (PROTOCOL §4.9). */
export function removedChat(events: readonly LobbyEvent[]): ReadonlySet<number> {
  const seqs = new Set<number>();
  for (const e of events) if (e.kind === 'moderation' && e.payload.action === 'remove-chat') seqs.add(e.payload.seq);
  return seqs;
}

/** One event in a few words. */
export function eventLine(e: LobbyEvent, names: ReadonlyMap<string, string>): string {
  const name = (id: string) => names.get(id) ?? id.slice(0, 8);
  switch (e.kind) {
    case 'chat':
      return `${name(e.payload.playerId)}: ${e.payload.msg || '(removed)'}`;
    case 'game-action':
      return `${e.actor === 'server' ? 'server' : name(e.actor)} · ${e.payload.id}`;
    case 'player-joined':
      return `${e.payload.player.name} joined`;
    case 'player-left':
      return `${name(e.payload.playerId)} left`;
    case 'moderation':
      return `moderator · ${e.payload.action}${'playerId' in e.payload ? ` ${name(e.payload.playerId)}` : ''}${
        e.payload.action === 'remove-chat' ? ` #${e.payload.seq}` : ''
      } (${e.payload.reason})`;
    case 'player-away':
    case 'player-back':
      return `${name(e.payload.playerId)} ${e.kind === 'player-away' ? 'away' : 'back'}`;
    default:
      return e.kind;
  }
}
