/**
 * A game's result in numbers, for the game-over dialog: how many turns it lasted, each country's land
 * and units turn by turn (the replay chart's samples) and the fights each country won and lost. The log
 * is folded once, by the replay model; a fight is won by its attacker when the attack succeeds and by
 * its defender when the attack fails.
 */
import type { LobbyEvent, PlayableCountry } from '@four-banners/engine';
import type { FightView } from '../game/action-view';
import { chartCountries, type ChartSample } from './chart-series';
import { createReplay, type Replay } from './replay-model';

/** Fights a country took part in, attacking or defending. */
export interface FightRecord {
  readonly won: number;
  readonly lost: number;
}

/** One country's part in the game. */
export interface CountryResult {
  readonly country: PlayableCountry;
  /** Tiles and units at the end of the log. */
  readonly land: number;
  readonly units: number;
  readonly fights: FightRecord;
}

export interface GameSummary {
  /** The turn count at the end (what the header showed last). */
  readonly turns: number;
  /** Land and units per country: one sample per turn start, then the end. */
  readonly samples: readonly ChartSample[];
  /** Every country that held land or units during the game, in id order. */
  readonly countries: readonly CountryResult[];
}

const NO_FIGHTS: FightRecord = { won: 0, lost: 0 };

/** The fights each country won and lost, indexed by country id. */
export function fightRecords(
  fights: readonly FightView[],
): readonly [FightRecord, FightRecord, FightRecord, FightRecord] {
  const won = [0, 0, 0, 0];
  const lost = [0, 0, 0, 0];
  for (const f of fights) {
    const [winner, loser] = f.won ? [f.attacker, f.defender] : [f.defender, f.attacker];
    won[winner]!++;
    lost[loser]!++;
  }
  const at = (c: number): FightRecord => (won[c] || lost[c] ? { won: won[c]!, lost: lost[c]! } : NO_FIGHTS);
  return [at(0), at(1), at(2), at(3)];
}

/** The summary of a folded log. */
export function summarizeReplay(replay: Replay): GameSummary {
  const samples = replay.samples;
  const records = fightRecords(replay.fights);
  const last = samples[samples.length - 1];
  const countries = chartCountries(samples).map((country) => ({
    country,
    land: last?.land[country] ?? 0,
    units: last?.units[country] ?? 0,
    fights: records[country],
  }));
  return { turns: replay.lastTurn, samples, countries };
}

/** Folds `events` (a whole log, from the lobby's creation) into its summary; throws a ReplayError if it does not fold. */
export function summarizeGame(events: readonly LobbyEvent[]): GameSummary {
  return summarizeReplay(createReplay(events));
}
