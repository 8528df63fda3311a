/** Tests of game/rounds.ts: the round of every turn of a four-bot game in which countries drop out. */
import {
  isCountryTurn,
  serializeGame,
  type GameData,
  type LobbyEvent,
  type PlayableCountry,
} from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { createReplay } from '../replay/replay-model';
import { botGameLog } from '../../test/fixtures/bot-game-logs';
import { roundOf } from './rounds';

/** A whole game of four bots, in which countries drop out one by one. */
const log = botGameLog({ countries: 4, w: 9, h: 9, difficulty: 'hard', seed: 7 });
const replay = createReplay(log);

interface TurnStart {
  /** Index in the log of the event that began the turn. */
  readonly index: number;
  readonly game: GameData;
  readonly country: PlayableCountry;
}

/** Every country turn of the game, at its start. */
const starts: TurnStart[] = log.flatMap((e, index) => {
  if (e.kind !== 'game-action' || (e.payload.id !== 'next_turn' && e.payload.id !== 'start')) return [];
  const game = replay.frameAt(e.seq).lobby.game;
  return game.running && isCountryTurn(game.turn.type) ? [{ index, game, country: game.turn.type }] : [];
});
const upTo = (s: TurnStart) => log.slice(0, s.index + 1);
/** The first turn start with fewer countries than the game began with. */
const firstDrop = starts.findIndex((s) => s.game.countries.length < starts[0]!.game.countries.length);

describe('rounds (RULES §3.1: each country plays once per go of the turn order)', () => {
  it('has countries dropping out in this game', () => {
    expect(firstDrop).toBeGreaterThan(10);
    expect(starts.length - firstDrop).toBeGreaterThan(10);
  });

  it("while every country is in play: the turn formula's round, and the country on turn's own turn count", () => {
    for (const s of starts.slice(0, firstDrop)) {
      const t = s.game.turn.count;
      const n = s.game.countries.length;
      const formula = Math.floor((t - 1 - Math.floor(t / (3 * n + 1))) / n) + 1;
      const own = upTo(s).filter(
        (e) => e.kind === 'game-action' && e.payload.id === 'next_turn' && e.payload.info.country === s.country,
      ).length;
      expect(roundOf(null, upTo(s), s.game)).toBe(formula);
      expect(formula).toBe(own + 1);
    }
    // "Turn 31 after 8 of yours": with four countries, turn 31 is in round 8.
    const t31 = starts.find((s) => s.game.turn.count === 31)!;
    expect(roundOf(null, upTo(t31), t31.game)).toBe(8);
  });

  it('over the whole game, countries dropping out included: rounds go 1, 2, 3… and no country plays twice in one', () => {
    const rounds = starts.map((s) => ({ round: roundOf(null, upTo(s), s.game), country: s.country }));
    expect(rounds[0]!.round).toBe(1);
    for (let i = 1; i < rounds.length; i++) {
      const step = rounds[i]!.round - rounds[i - 1]!.round;
      expect(step === 0 || step === 1).toBe(true);
    }
    const byRound = new Map<number, PlayableCountry[]>();
    for (const r of rounds) byRound.set(r.round, [...(byRound.get(r.round) ?? []), r.country]);
    for (const countries of byRound.values()) expect(new Set(countries).size).toBe(countries.length);
  });

  it('from a state part-way (a snapshot an online client was sent), the same rounds as from the whole log', () => {
    const at = starts[Math.floor(firstDrop / 2)]!;
    const base = at.game;
    for (const s of starts.slice(Math.floor(firstDrop / 2))) {
      const tail = log.slice(at.index + 1, s.index + 1);
      expect(roundOf(base, tail, s.game)).toBe(roundOf(null, upTo(s), s.game));
    }
  });

  it('after a saved game is loaded, the round of the turn it was saved on', () => {
    const at = starts.find((s) => s.game.turn.count === 31)!;
    const loaded: LobbyEvent = {
      seq: 9,
      kind: 'state-loaded',
      actor: 'p1',
      seed: null,
      at: '2026-01-01T00:00:00.000Z',
      payload: { state: { ...serializeGame(at.game), running: false } },
    };
    expect(roundOf(null, [...log.slice(0, 8), loaded], at.game)).toBe(8);
  });

  it('is round 1 before the game starts', () => {
    const before = replay.frameAt(replay.startSeq).lobby.game;
    expect(roundOf(null, log.slice(0, 2), { ...before, running: false })).toBe(1);
  });
});
