/**
 * Rounds, for the header's "Round 8 · Turn 31": a round is one go of the turn order (RULES §3.1: every
 * country plays in list order, and a banner or chest turn comes after every third round). Turns count
 * every turn, the special ones too; rounds count how many times the order has come round, which is what
 * "my eighth turn" means to a player.
 *
 * The one place rounds are worked out. From the log: a new round begins when the country on turn has
 * already played in the current one. While the countries stay the same that is the turn formula's
 * round; when one drops out the formula's cycle changes from that turn on (RULES §3.5) and may even give a
 * country two turns in a row, and the count still only goes up, one round at a time. Where the log
 * begins from a state rather than from nothing (a save loaded, or an online client that was sent a
 * snapshot), the round there comes from the turn formula with that state's countries.
 */
import { isCountryTurn, type Country, type GameData, type LobbyEvent } from '@four-banners/engine';

interface Count {
  round: number;
  /** The countries that have had their turn in `round`. */
  played: Set<number>;
}

/**
 * Where a game stood at turn `count` with `countries` in play, by the turn formula (RULES §3.1): the
 * round of the next country turn, and the countries before it in the order.
 */
function fromFormula(count: number, countries: readonly Pick<Country, 'id'>[]): Count {
  const n = countries.length;
  if (count <= 0 || n === 0) return { round: 1, played: new Set() };
  const cycle = 3 * n + 1;
  // A banner or chest turn comes before the next country's.
  const t = count % cycle === 0 ? count + 1 : count;
  const place = t - 1 - Math.floor(t / cycle);
  const index = place % n;
  return { round: Math.floor(place / n) + 1, played: new Set(countries.slice(0, index).map((c) => c.id)) };
}

/**
 * The round of `game`, the state after `events`; `base` is the game the events continue from (null when
 * they start at the lobby's first event). Round 1 is the first go of the turn order.
 */
export function roundOf(base: GameData | null, events: readonly LobbyEvent[], game: GameData): number {
  let count: Count = base ? fromFormula(base.turn.count, base.countries) : { round: 1, played: new Set() };
  for (const e of events) {
    if (e.kind === 'state-loaded') {
      count = fromFormula(e.payload.state.turnCount, e.payload.state.countries);
      continue;
    }
    if (e.kind !== 'game-action' || e.payload.id !== 'next_turn') continue;
    const c = e.payload.info.country;
    if (count.played.has(c)) count = { round: count.round + 1, played: new Set([c]) };
    else count.played.add(c);
  }
  const now = game.turn.type;
  return game.running && isCountryTurn(now) && count.played.has(now) ? count.round + 1 : count.round;
}
