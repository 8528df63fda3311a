/** Offline lobby seats: who plays each colour before a game starts (ARCHITECTURE §7.4). */
import {
  BOT_NAMES,
  COUNTRY,
  COUNTRY_COLOURS,
  type Difficulty,
  type PlayableCountry,
  type Player,
} from '@four-banners/engine';

/** This device's player id offline (ARCHITECTURE §7.4: the fixed id 0000). */
export const DEVICE_PLAYER_ID = '0000';

export type SeatKind = 'you' | 'local' | 'bot' | 'empty';

export interface Seat {
  readonly country: PlayableCountry;
  readonly kind: SeatKind;
  /** The name of a person's seat (you or a hot-seat player). */
  readonly name: string;
  readonly difficulty: Difficulty;
}

/** ARCHITECTURE §7.4: the local player (named after the settings, green) plus three easy bots. */
export function defaultSeats(playerName: string): Seat[] {
  return [
    { country: 0, kind: 'you', name: playerName, difficulty: 'easy' },
    { country: 1, kind: 'bot', name: '', difficulty: 'easy' },
    { country: 2, kind: 'bot', name: '', difficulty: 'easy' },
    { country: 3, kind: 'bot', name: '', difficulty: 'easy' },
  ];
}

/** The reason the seats cannot start a game, or null when they can. */
export function seatsProblem(seats: readonly Seat[]): string | null {
  const taken = seats.filter((s) => s.kind !== 'empty');
  if (taken.length < 2) return 'A game needs at least two countries.';
  if (seats.filter((s) => s.kind === 'you').length > 1) return 'Only one seat can be yours.';
  return null;
}

/** The lobby players for the seats, in seat order (seat order is turn order). */
export function seatsToPlayers(seats: readonly Seat[], deviceId = DEVICE_PLAYER_ID): Player[] {
  const players: Player[] = [];
  for (const s of seats) {
    switch (s.kind) {
      case 'empty':
        break;
      case 'you':
        players.push({ id: deviceId, name: s.name.trim() || 'Player', country: s.country });
        break;
      case 'local':
        players.push({
          id: `local-${s.country}`,
          name: s.name.trim() || `Player ${s.country + 1}`,
          country: s.country,
          local: { ownerId: deviceId },
        });
        break;
      case 'bot':
        players.push({ id: `bot-${s.country}`, name: '', country: s.country, bot: { difficulty: s.difficulty } });
        break;
    }
  }
  return players;
}

/** How a player is shown (ARCHITECTURE §7.4): bots by difficulty, hot-seat players as 'Name (Local)'. */
export function playerLabel(player: Player | undefined): string {
  if (!player) return 'Nobody';
  if (player.bot) return BOT_NAMES[player.bot.difficulty];
  if (player.local) return `${player.name} (Local)`;
  return player.name || 'Player';
}

/** ARCHITECTURE §7.4: bot names are shown in green (easy), yellow (normal), red (hard) and purple (expert). */
export const DIFFICULTY_COLOURS = {
  easy: COUNTRY_COLOURS[0],
  normal: COUNTRY_COLOURS[3],
  hard: COUNTRY_COLOURS[2],
  expert: COUNTRY_COLOURS[1],
} as const;

/** The colour a player's label is shown in: bots by difficulty, people in the default text colour. */
export function playerLabelColour(player: Player | undefined): string | undefined {
  return player?.bot ? DIFFICULTY_COLOURS[player.bot.difficulty] : undefined;
}

/** Whether this device controls `player` (its own seat or a hot-seat player it owns). */
export function controlledHere(player: Player | undefined, deviceId = DEVICE_PLAYER_ID): boolean {
  if (!player || player.bot) return false;
  return player.id === deviceId || player.local?.ownerId === deviceId;
}

export const NO_COUNTRY = COUNTRY.none;
