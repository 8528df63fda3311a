/** What the saves list shows of a folded log. */
import type { LobbyState } from '@four-banners/engine';
import type { SaveRecord } from './save-db';

/** The turn and the countries still in the game. */
export function describeLog(state: LobbyState): Pick<SaveRecord, 'turn' | 'countries'> {
  return { turn: state.game.turn.count, countries: state.game.countries.map((c) => c.id) };
}
