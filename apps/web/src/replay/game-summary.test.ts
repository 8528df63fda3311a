/** Tests of replay/game-summary.ts: the game-over summary and fight records of real bot games. */
import { applyEvent, fold, indexOf, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { startedLog } from '../../test/fixtures/online-lobby-log';
import { fightRecords, summarizeGame } from './game-summary';
import { botGameLog } from '../../test/fixtures/bot-game-logs';

/**
 * The fights of `events` counted without the replay model or `describeAction`: the engine folds the
 * log; a move onto a tile holding another country's unit is a fight, won by the attacker when its unit
 * stands on that tile afterwards.
 */
function foldedFights(events: readonly LobbyEvent[]): { won: number[]; lost: number[] } {
  const won = [0, 0, 0, 0];
  const lost = [0, 0, 0, 0];
  let state: LobbyState | null = null;
  for (const event of events) {
    const next = applyEvent(state, event);
    if (!next.ok) throw new Error(next.error.message);
    if (state && event.kind === 'game-action' && event.payload.id === 'move_unit') {
      const { country, to } = event.payload.info;
      const at = indexOf(state.game, to.x, to.y);
      const defender = state.game.tiles[at]!.unit?.id;
      if (defender !== undefined && defender !== country) {
        const attackerWon = next.value.game.tiles[at]!.unit?.id === country;
        won[attackerWon ? country : defender]!++;
        lost[attackerWon ? defender : country]!++;
      }
    }
    state = next.value;
  }
  return { won, lost };
}

const finalState = (events: readonly LobbyEvent[]) => {
  const r = fold(events);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('the game-over summary of a real bot game (ARCHITECTURE §7.3 player status)', () => {
  const games = [
    { name: 'four normal bots on 8×8', log: botGameLog({ countries: 4, w: 8, h: 8, difficulty: 'normal', seed: 11 }) },
    { name: 'two hard bots on 5×5', log: botGameLog({ countries: 2, w: 5, h: 5, difficulty: 'hard', seed: 7 }) },
    {
      name: 'three easy bots, stopped mid-game',
      log: botGameLog({ countries: 3, w: 7, h: 7, difficulty: 'easy', seed: 3, maxEvents: 300 }),
    },
  ];

  for (const { name, log } of games) {
    describe(name, () => {
      const summary = summarizeGame(log);
      const independent = foldedFights(log);

      it('counts the turns the game reached', () => {
        expect(summary.turns).toBe(finalState(log).game.turn.count);
        expect(summary.turns).toBeGreaterThan(1);
      });

      it("gives each country exactly the fights the engine's fold finds for it, won and lost", () => {
        const total = independent.won.reduce((a, b) => a + b, 0);
        expect(total).toBeGreaterThan(0);
        for (const c of summary.countries) {
          expect(c.fights).toEqual({ won: independent.won[c.country], lost: independent.lost[c.country] });
        }
        // Every fight has one winner and one loser.
        const won = summary.countries.reduce((n, c) => n + c.fights.won, 0);
        const lost = summary.countries.reduce((n, c) => n + c.fights.lost, 0);
        expect([won, lost]).toEqual([total, total]);
      });

      it('ends each country on the land and units of the final state', () => {
        const game = finalState(log).game;
        for (const c of summary.countries) {
          expect(c.land).toBe(game.tiles.filter((t) => t.owner === c.country).length);
          expect(c.units).toBe(game.tiles.filter((t) => t.unit?.id === c.country).length);
        }
        expect(summary.samples[summary.samples.length - 1]!.seq).toBe(log[log.length - 1]!.seq);
      });

      it('lists every seated country, in id order', () => {
        const seated = finalState(log)
          .players.map((p) => p.country)
          .filter((c) => c >= 0)
          .sort();
        expect(summary.countries.map((c) => c.country)).toEqual(seated);
      });
    });
  }

  it('a game that has only just started has its first turn and no fights', () => {
    const log = startedLog();
    const summary = summarizeGame(log);
    expect(summary.turns).toBe(finalState(log).game.turn.count);
    expect(summary.countries.length).toBeGreaterThan(1);
    for (const c of summary.countries) expect(c.fights).toEqual({ won: 0, lost: 0 });
  });
});

describe('fight records', () => {
  const fight = (attacker: 0 | 1 | 2 | 3, defender: 0 | 1 | 2 | 3, won: boolean) =>
    ({
      seq: 1,
      attacker,
      defender,
      won,
      attackRoll: 1,
      defendRoll: 1,
      war: 0,
      bonus: 0,
      result: won ? 1 : 0,
      parts: { forest: 0, mountains: 0, attackerFriends: 0, attackerFoes: 0, defenderFriends: 0, defenderFoes: 0 },
      from: { x: 0, y: 0 },
      to: { x: 1, y: 0 },
    }) as const;

  it('a successful attack is a win for the attacker, a failed one a win for the defender', () => {
    const records = fightRecords([fight(0, 1, true), fight(0, 1, false), fight(2, 0, false), fight(3, 1, true)]);
    expect(records).toEqual([
      { won: 2, lost: 1 },
      { won: 1, lost: 2 },
      { won: 0, lost: 1 },
      { won: 1, lost: 0 },
    ]);
  });
});
