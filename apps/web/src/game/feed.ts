/** A short, human account of what just happened, so bots' turns can be followed (and read back). */
import {
  LANDMARK,
  type FightResult,
  type GameAction,
  type GameData,
  type LobbyEvent,
  type LobbyState,
  type PlayableCountry,
} from '@four-banners/engine';
import { fightSentence, partsText } from './fight-words';
import { moderationText } from './moderation-words';

export interface FeedEntry {
  readonly seq: number;
  /** The country the entry is about, or null for the world (banner and chest turns). */
  readonly country: PlayableCountry | null;
  readonly text: string;
}

export const FEED_LENGTH = 6;

const chests = (g: GameData) => g.tiles.reduce((n, t) => n + (t.landmark === LANDMARK.chest ? 1 : 0), 0);
const banners = (g: GameData, c: number) => g.countries.find((x) => x.id === c)?.banners ?? 0;

/** The entries one action produced (usually one, sometimes none or a few). */
export function feedEntries(
  seq: number,
  before: GameData,
  after: GameData,
  action: GameAction,
  fight: FightResult | null,
  defender?: PlayableCountry,
): FeedEntry[] {
  const out: FeedEntry[] = [];
  switch (action.id) {
    case 'place_banner':
      out.push({ seq, country: action.info.country, text: 'raised a banner' });
      break;
    case 'move_unit': {
      const c = action.info.country;
      if (fight && defender !== undefined) {
        // The sentence of fight-words.ts; the entry's country is its first word.
        const [, ...rest] = fightSentence({ ...fight, attacker: c, defender });
        out.push({ seq, country: c, text: partsText(rest).trimStart() });
      } else if (banners(after, c) > banners(before, c)) {
        out.push({ seq, country: c, text: 'opened a chest: +1 banner' });
      }
      break;
    }
    case 'next_turn':
    case 'remove_country': {
      const gone = before.countries.filter((c) => !after.countries.some((a) => a.id === c.id));
      for (const c of gone) out.push({ seq, country: c.id, text: 'is out of the game' });
      const first = after.countries[0];
      if (
        first &&
        banners(after, first.id) > banners(before, first.id) &&
        after.countries.every((c) => banners(after, c.id) > banners(before, c.id))
      ) {
        out.push({ seq, country: null, text: 'Banner turn: everyone gets 1 banner' });
      }
      if (chests(after) > chests(before)) out.push({ seq, country: null, text: 'Chest turn: a chest appeared' });
      break;
    }
    default:
      break;
  }
  return out;
}

/**
 * The entry of a logged event about a person rather than the map (PROTOCOL §4.8, §4.9): the clock ran out, a
 * person went away (a bot plays for them) or came back, a moderator acted (in the words of
 * `moderationText`). Null for every other event. `before` is the state the event was folded onto.
 */
export function personFeedEntry(
  event: LobbyEvent,
  after: LobbyState,
  before: LobbyState | null = null,
): FeedEntry | null {
  if (event.kind === 'moderation') {
    const p = event.payload;
    if (p.action === 'close') return null;
    // The sentence names the person: no country in front of it.
    return { seq: event.seq, country: null, text: moderationText(p, before, after) };
  }
  if (event.kind !== 'turn-timeout' && event.kind !== 'player-away' && event.kind !== 'player-back') return null;
  const seat = after.players.find((p) => p.id === event.payload.playerId);
  const name = seat?.name || 'Player';
  const country = seat && seat.country >= 0 ? (seat.country as PlayableCountry) : null;
  switch (event.kind) {
    case 'turn-timeout':
      return { seq: event.seq, country, text: `${name} ran out of time: the turn passes` };
    case 'player-away':
      return { seq: event.seq, country, text: `Away — a bot is playing for ${name}` };
    case 'player-back':
      return { seq: event.seq, country, text: `${name} is back, from the next turn` };
  }
}
