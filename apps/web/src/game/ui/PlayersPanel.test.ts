/** Tests of the players panel's rows (game/ui/PlayersPanel.tsx): whose turn each row says. */
import { fold, type LobbyState } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { offlineGameLog } from '../offline-log';
import { DEVICE_PLAYER_ID, seatsToPlayers, type Seat } from '../seats';
import { countCountries } from '../country-counts';
import { countryRows } from './PlayersPanel';

/** A started offline game of these seats (green moves first). */
function started(seats: Seat[]): LobbyState {
  const folded = fold(
    offlineGameLog({
      lobbyId: 'offline-rows',
      adminId: DEVICE_PLAYER_ID,
      players: seatsToPlayers(seats),
      w: 6,
      h: 6,
      seed: 3,
      startSeed: 1,
    }),
  );
  if (!folded.ok) throw new Error(folded.error.message);
  return folded.value;
}
const status = (lobby: LobbyState, me?: string) =>
  countryRows(lobby, countCountries(lobby.game), undefined, me).map((r) => r.status);

describe("the players' rows say whose turn it is", () => {
  const seat = (country: 0 | 1 | 2 | 3, kind: Seat['kind']): Seat => ({
    country,
    kind,
    name: 'Ada',
    difficulty: 'easy',
  });

  it('"Your turn" on your own row on your turn; another country\'s row says "Their turn"', () => {
    const lobby = started([seat(0, 'you'), seat(1, 'bot')]);
    expect(status(lobby, DEVICE_PLAYER_ID)).toEqual(['Your turn', null]);
    // Seen by someone else (another device online), the same row is theirs.
    expect(status(lobby, 'someone-else')).toEqual(['Their turn', null]);
    // A replay has no "you".
    expect(status(lobby)).toEqual(['Their turn', null]);
  });

  it('hot-seat: the row of the local player on turn says "Your turn" on this device', () => {
    const lobby = started([seat(0, 'local'), seat(1, 'you')]);
    expect(status(lobby, DEVICE_PLAYER_ID)).toEqual(['Your turn', null]);
  });
});
