/**
 * One log event in words, for the replay's caption: "Red attacked Purple at (3, 4) from (2, 4): 5 + 1.5
 * vs 2 — Red won". Game actions reuse what the live game shows: the fight and
 * move of `describeAction` and the feed's lines for what followed (a chest, a country out, a banner or
 * chest turn); countries are kept as ids so the view can colour them.
 */
import {
  isCountryTurn,
  isGameOver,
  winner,
  type LobbyEvent,
  type LobbyState,
  type PlayableCountry,
  type Pos,
} from '@four-banners/engine';
import { countryLabel } from '../art/art';
import type { ActionView } from '../game/action-view';
import type { FeedEntry } from '../game/feed';
import { fightSentence } from '../game/fight-words';
import { REMOVED_MESSAGE, moderationText } from '../game/moderation-words';
import { playerLabel } from '../game/seats';

/** A piece of a sentence: text, or a country (shown in its colour). */
export type WordPart = string | { readonly country: PlayableCountry };

export const EVENT_TONES = ['lobby', 'chat', 'start', 'turn', 'move', 'banner', 'fight', 'end'] as const;
export type EventTone = (typeof EVENT_TONES)[number];

export interface EventWords {
  readonly seq: number;
  /** What sort of thing happened (picks the caption's icon). */
  readonly tone: EventTone;
  /** The country that acted, or null (lobby events, the game's start). */
  readonly country: PlayableCountry | null;
  /** The sentence. */
  readonly parts: readonly WordPart[];
  /** What followed from it, in the feed's words. */
  readonly news: readonly FeedEntry[];
}

const at = (p: Pos) => `(${p.x}, ${p.y})`;
const country = (c: number): WordPart => (c >= 0 && c <= 3 ? { country: c as PlayableCountry } : 'nobody');

function nameOf(state: LobbyState | null, playerId: string): string {
  const player = state?.players.find((p) => p.id === playerId);
  return player ? playerLabel(player) : 'Someone';
}

/** "Turn 12: Green's turn", or the winner once the game is over. */
function turnNow(after: LobbyState): WordPart[] {
  const game = after.game;
  if (isGameOver(game)) {
    const won = winner(game);
    return won !== null ? [country(won), ' wins the game'] : ['The game is over'];
  }
  const type = game.turn.type;
  return isCountryTurn(type) ? [`Turn ${game.turn.count}: `, country(type), `'s turn`] : [`Turn ${game.turn.count}`];
}

function lobbyWords(
  event: Exclude<LobbyEvent, { kind: 'game-action' }>,
  before: LobbyState | null,
  after: LobbyState,
): WordPart[] {
  switch (event.kind) {
    case 'lobby-created':
      return [`Lobby created · map ${event.payload.w}×${event.payload.h}`];
    case 'player-joined': {
      const { player } = event.payload;
      const who = playerLabel(player);
      return player.country >= 0 ? [`${who} joined as `, country(player.country)] : [`${who} joined`];
    }
    case 'player-left': {
      const who = nameOf(before, event.payload.playerId);
      return [event.payload.by === event.payload.playerId ? `${who} left` : `${who} was removed`];
    }
    case 'lobby-updated': {
      const p = event.payload;
      const out: string[] = [];
      if (p.w !== undefined || p.h !== undefined) out.push(`Map ${after.w}×${after.h}`);
      if (p.seed !== undefined) out.push('New map');
      if (p.listed !== undefined) out.push(p.listed ? 'Listed in the open lobbies' : 'Invite only');
      if (p.clock !== undefined) out.push(p.clock > 0 ? `Turn clock ${p.clock} s` : 'No turn clock');
      if (p.botLevel !== undefined) out.push(`Away players' bot: ${p.botLevel}`);
      if (p.adminId !== undefined && p.adminId !== before?.adminId)
        out.push(`${nameOf(after, p.adminId)} is the admin now`);
      if (p.online === false)
        out.push(
          p.reason === 'idle'
            ? 'The lobby closed: nobody played for a long time'
            : p.reason === 'turn_limit'
              ? 'The lobby closed: the turn limit was reached'
              : 'The lobby closed',
        );
      if (p.online === true) out.push('The lobby opened');
      return [out.length > 0 ? out.join(' · ') : 'Lobby settings saved'];
    }
    case 'country-changed': {
      const who = nameOf(after, event.payload.playerId);
      const c = event.payload.country;
      return c >= 0 ? [`${who} takes `, country(c)] : [`${who} gave up their colour`];
    }
    case 'chat': {
      const who = nameOf(after, event.payload.playerId);
      if (after.messages.find((m) => m.seq === event.seq)?.removed) return [`${who}: ${REMOVED_MESSAGE}`];
      const text = event.payload.msg.trim();
      // Spectators get chat with its text blanked: then only that someone wrote.
      return text ? [`${who} wrote: “${text}”`] : [`${who} wrote a message`];
    }
    case 'state-loaded':
      return [`A saved game was loaded (turn ${after.game.turn.count})`];
    case 'turn-timeout':
      return [`${nameOf(after, event.payload.playerId)} ran out of time: `, country(event.payload.country), ' passes'];
    case 'player-away': {
      const who = nameOf(after, event.payload.playerId);
      return [
        event.payload.reason === 'timeouts'
          ? `${who} let the clock run out twice: away, a bot is playing for ${who}`
          : `${who} is away: a bot is playing for ${who}`,
      ];
    }
    case 'player-back':
      return [`${nameOf(after, event.payload.playerId)} is back`];
    case 'moderation':
      return [moderationText(event.payload, before, after)];
  }
}

/** Describes `event`, folded from `before` (null for the first event) to `after`; `view` is its `describeAction`. */
export function describeEvent(
  event: LobbyEvent,
  before: LobbyState | null,
  after: LobbyState,
  view: ActionView | null,
): EventWords {
  // A banner's and a fight's feed line says what the sentence already says; keep only what followed.
  const restated = view?.fight || (event.kind === 'game-action' && event.payload.id === 'place_banner');
  const news = restated ? [] : (view?.news ?? []);
  const base = { seq: event.seq, news };
  if (event.kind !== 'game-action') {
    return {
      ...base,
      tone: event.kind === 'chat' ? 'chat' : 'lobby',
      country: null,
      parts: lobbyWords(event, before, after),
    };
  }
  const action = event.payload;
  // Only passing or removing a country can end the game (countries leave the list between turns).
  const ended = isGameOver(after.game) && !(before && isGameOver(before.game));
  switch (action.id) {
    case 'start':
      return { ...base, tone: 'start', country: null, parts: ['Game started · ', ...turnNow(after)] };
    case 'next_turn': {
      // A banner or chest turn is passed by whoever acts; a country's turn ends with it.
      const type = before?.game.turn.type ?? -1;
      const ending: WordPart[] = isCountryTurn(type)
        ? [country(type), `'s turn ends · `]
        : [`Turn ${before?.game.turn.count ?? 0} ends · `];
      return {
        ...base,
        tone: ended ? 'end' : 'turn',
        country: isCountryTurn(type) ? type : null,
        parts: [...ending, ...turnNow(after)],
      };
    }
    case 'remove_country': {
      // The feed's "is out of the game" for the removed country would say it twice.
      const removed = action.info.country;
      const rest = news.filter((n) => n.country !== removed);
      return {
        ...base,
        news: rest,
        tone: ended ? 'end' : 'turn',
        country: removed,
        parts: [country(removed), ' left the game · ', ...turnNow(after)],
      };
    }
    case 'add_country':
      return {
        ...base,
        tone: 'lobby',
        country: action.info.country,
        parts: [country(action.info.country), ' is on the map'],
      };
    case 'generate':
      return { ...base, tone: 'lobby', country: null, parts: [`Map generated · ${action.info.w}×${action.info.h}`] };
    case 'place_banner':
      return {
        ...base,
        tone: 'banner',
        country: action.info.country,
        parts: [country(action.info.country), ` raises a banner at ${at(action.info)}`],
      };
    case 'move_unit': {
      const { from, to } = action.info;
      const fight = view?.fight;
      if (fight) {
        // The fight's sentence everywhere (game/fight-words.ts), with its tiles.
        return { ...base, tone: 'fight', country: fight.attacker, parts: fightSentence(fight, { from, to }) };
      }
      return {
        ...base,
        tone: 'move',
        country: action.info.country,
        parts: [country(action.info.country), ` moves ${at(from)} → ${at(to)}`],
      };
    }
  }
}

/** The words as plain text (the sentence, then what followed, as the feed shows it). */
export function wordsText(words: EventWords): string {
  const sentence = words.parts.map((p) => (typeof p === 'string' ? p : countryLabel(p.country))).join('');
  const news = words.news.map((n) => (n.country !== null ? `${countryLabel(n.country)} ${n.text}` : n.text));
  return [sentence, ...news].join(' · ');
}
