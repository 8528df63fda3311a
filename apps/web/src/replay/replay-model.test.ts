/**
 * Tests of the replay model (replay/replay-model.ts): stepping, turns, chart series, a live game's growing
 * log, and a log opened before it is folded.
 */
import {
  fold,
  foldFrom,
  foldTo,
  isGameOver,
  stateHash,
  type LobbyEvent,
  type LobbyState,
  type PlayableCountry,
} from '@four-banners/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEED_LENGTH } from '../game/feed';
import { act, BOB, startedLog, throughBotTurn } from '../../test/fixtures/online-lobby-log';
import { CHECKPOINT_EVERY, createReplay, FOLD_AT_ONCE, openReplay, ReplayError, type Replay } from './replay-model';
import { botGameLog } from '../../test/fixtures/bot-game-logs';

/** A real log written with the engine: the start, then rounds of two passes and a hard bot's turn. */
function gameLog(rounds: number): LobbyEvent[] {
  let log = startedLog();
  for (let i = 0; i < rounds; i++) log = throughBotTurn(log);
  return log;
}

/** Two hard bots on a 5×5 map, played to the end the way the server logs it: each action its own event. */
const smallBotGame = () => botGameLog({ countries: 2, w: 5, h: 5, difficulty: 'hard', seed: 7 });

const hashTo = (events: readonly LobbyEvent[], seq: number) => {
  const r = foldTo(events, seq);
  if (!r.ok) throw new Error(r.error.message);
  return stateHash(r.value);
};

describe('replay stepping', () => {
  const log = gameLog(10);

  it('opens on the start event and ends on the last one', () => {
    const replay = createReplay(log);
    const start = log.find((e) => e.kind === 'game-action' && e.payload.id === 'start')!;
    expect(replay.startSeq).toBe(start.seq);
    expect(replay.endSeq).toBe(log[log.length - 1]!.seq);
    expect(log.length).toBeGreaterThan(CHECKPOINT_EVERY * 2);
  });

  it('every seq, stepped forward, equals the fold of the log up to it', () => {
    const replay = createReplay(log);
    for (let seq = replay.startSeq; seq <= replay.endSeq; seq++) {
      expect(stateHash(replay.frameAt(seq).lobby)).toBe(hashTo(log, seq));
    }
  });

  it('stepping back and seeking at random give the same states as folding from the start', () => {
    const replay = createReplay(log);
    for (let seq = replay.endSeq; seq >= replay.startSeq; seq--) expect(replay.hashAt(seq)).toBe(hashTo(log, seq));
    let x = 7;
    for (let i = 0; i < 60; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const seq = replay.startSeq + (x % (replay.endSeq - replay.startSeq + 1));
      expect(replay.frameAt(seq).seq).toBe(seq);
      expect(replay.hashAt(seq)).toBe(hashTo(log, seq));
    }
  });

  it('a whole bot game to its end: every seq, back to front, equals the fold up to it', () => {
    const game = smallBotGame();
    const replay = createReplay(game);
    for (let seq = replay.endSeq; seq >= replay.startSeq; seq -= 3) expect(replay.hashAt(seq)).toBe(hashTo(game, seq));
    const whole = fold(game);
    if (!whole.ok) throw new Error(whole.error.message);
    expect(replay.hashAt(replay.endSeq)).toBe(stateHash(whole.value));
  });

  it('clamps seeks outside the game to its start and end', () => {
    const replay = createReplay(log);
    expect(replay.clamp(-5)).toBe(replay.startSeq);
    expect(replay.clamp(0)).toBe(replay.startSeq);
    expect(replay.clamp(replay.endSeq + 100)).toBe(replay.endSeq);
    expect(replay.frameAt(10_000).seq).toBe(replay.endSeq);
  });

  it('describes fights, moves and a short feed with the live game’s words', () => {
    const log = smallBotGame();
    const replay = createReplay(log);
    expect(isGameOver(replay.frameAt(replay.endSeq).lobby.game)).toBe(true);
    let moves = 0;
    let fights = 0;
    for (let seq = replay.startSeq; seq <= replay.endSeq; seq++) {
      const frame = replay.frameAt(seq);
      const event = log.find((e) => e.seq === seq)!;
      expect(frame.feed.length).toBeLessThanOrEqual(FEED_LENGTH);
      if (frame.move) {
        moves++;
        expect(event.kind).toBe('game-action');
      }
      // A fight stays shown until the turn passes: the event that brought it is a move of this turn.
      if (frame.fight) {
        expect(frame.fight.seq).toBeLessThanOrEqual(seq);
        const between = log.filter((e) => e.seq > frame.fight!.seq && e.seq <= seq);
        expect(between.some((e) => e.kind === 'game-action' && e.payload.id === 'next_turn')).toBe(false);
        fights++;
      }
      if (event.kind === 'game-action' && event.payload.id === 'next_turn') expect(frame.fight).toBeNull();
    }
    expect(moves).toBeGreaterThan(0);
    expect(fights).toBeGreaterThan(0);
  });

  it('refuses a log the engine cannot fold, and an empty one', () => {
    expect(() => createReplay([])).toThrow(ReplayError);
    // Bob passes on Alice's first turn: the engine refuses it, so the replay does too.
    expect(() => createReplay(act(startedLog(), BOB, { id: 'next_turn', info: { country: 1 } }))).toThrow(ReplayError);
  });
});

/** Four easy bots on a 10×10 map, played to the end: about 3,900 events over 261 turns. */
const longGame = botGameLog({ countries: 4, w: 10, h: 10, difficulty: 'easy', seed: 7 });

const stateAt = (events: readonly LobbyEvent[], seq: number) => {
  const r = foldTo(events, seq);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Every state of the log, folded one event at a time with the engine alone (index i: after event i). */
function everyState(events: readonly LobbyEvent[]): LobbyState[] {
  const out: LobbyState[] = [];
  let state: LobbyState | null = null;
  for (const e of events) {
    const next = foldFrom(state, [e]);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
    out.push(state);
  }
  return out;
}
const longStates = everyState(longGame);
const longAt = (seq: number) => longStates[seq - 1]!;

describe('replay turns', () => {
  const replay = createReplay(longGame);

  it('indexes a turn start wherever the turn count changes, the first at the game’s start', () => {
    expect(longGame.length).toBeGreaterThan(1000);
    expect(replay.turnStarts[0]).toEqual({ turn: 1, seq: replay.startSeq });
    let before = longAt(replay.startSeq).game.turn.count;
    const expected = [{ turn: before, seq: replay.startSeq }];
    for (const e of longGame.filter((e) => e.seq > replay.startSeq)) {
      const count = longAt(e.seq).game.turn.count;
      if (count !== before) expected.push({ turn: count, seq: e.seq });
      before = count;
    }
    expect(replay.turnStarts).toEqual(expected);
    expect(replay.firstTurn).toBe(1);
    expect(replay.lastTurn).toBe(longAt(replay.endSeq).game.turn.count);
  });

  it('turnAt(seq) is the turn count folded at seq, for every seq', () => {
    let x = 3;
    const game = smallBotGame();
    const small = createReplay(game);
    for (let seq = small.startSeq; seq <= small.endSeq; seq++)
      expect(small.turnAt(seq)).toBe(stateAt(game, seq).game.turn.count);
    for (let seq = replay.startSeq; seq <= replay.endSeq; seq++)
      expect(replay.turnAt(seq)).toBe(longAt(seq).game.turn.count);
    for (let i = 0; i < 80; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const seq = replay.startSeq + (x % (replay.endSeq - replay.startSeq + 1));
      expect(replay.frameAt(seq).turn).toBe(longAt(seq).game.turn.count);
    }
  });

  it('seqOfTurn and turnAt round-trip at every turn start; a banner or chest turn opens the turn after it', () => {
    for (const start of replay.turnStarts) {
      expect(replay.seqOfTurn(start.turn)).toBe(start.seq);
      expect(replay.turnAt(start.seq)).toBe(start.turn);
      // Every seq of the turn leads back to its start.
      expect(
        replay.seqOfTurn(replay.turnAt(start.seq + 1 <= replay.endSeq ? start.seq + 1 : start.seq)),
      ).toBeLessThanOrEqual(start.seq + 1);
    }
    const numbers = new Set(replay.turnStarts.map((s) => s.turn));
    const skipped = [...Array(replay.lastTurn).keys()].map((i) => i + 1).filter((t) => !numbers.has(t));
    // With 4 countries every 13th turn is a banner or chest turn, resolved inside a next_turn.
    expect(skipped.length).toBeGreaterThan(5);
    for (const t of skipped) expect(replay.turnAt(replay.seqOfTurn(t))).toBe(t + 1);
    expect(replay.seqOfTurn(0)).toBe(replay.startSeq);
    expect(replay.seqOfTurn(99_999)).toBe(replay.endSeq);
  });

  it('steps a turn at a time: forward to each next start, back to the current turn’s start, then the one before', () => {
    const starts = replay.turnStarts;
    let seq = replay.startSeq;
    for (let i = 1; i < starts.length; i++) {
      seq = replay.nextTurnSeq(seq);
      expect(seq).toBe(starts[i]!.seq);
    }
    expect(replay.nextTurnSeq(seq)).toBe(replay.endSeq);
    expect(replay.nextTurnSeq(replay.endSeq)).toBe(replay.endSeq);
    const mid = starts[20]!.seq + 2;
    expect(mid).toBeLessThan(starts[21]!.seq);
    expect(replay.prevTurnSeq(mid)).toBe(starts[20]!.seq);
    expect(replay.prevTurnSeq(starts[20]!.seq)).toBe(starts[19]!.seq);
    expect(replay.prevTurnSeq(replay.startSeq)).toBe(replay.startSeq);
  });
});

describe('replay chart series', () => {
  it('has one sample per turn start and the final state, each equal to the counts folded independently there', () => {
    const replay = createReplay(longGame);
    const samples = replay.samples;
    expect(samples.length).toBeGreaterThanOrEqual(replay.turnStarts.length);
    expect(samples.slice(0, replay.turnStarts.length).map((s) => s.seq)).toEqual(replay.turnStarts.map((s) => s.seq));
    expect(samples[samples.length - 1]!.seq).toBe(replay.endSeq);
    for (const s of samples) {
      const game = longAt(s.seq).game;
      const land = [0, 1, 2, 3].map((c) => game.tiles.filter((t) => t.owner === c).length);
      const units = [0, 1, 2, 3].map((c) => game.tiles.filter((t) => t.unit?.id === c).length);
      expect([...s.land]).toEqual(land);
      expect([...s.units]).toEqual(units);
      expect(s.turn).toBe(game.turn.count);
    }
    // The game is won: in the last sample one country holds every unit on the map.
    const end = samples[samples.length - 1]!;
    expect(end.units.filter((n) => n > 0)).toHaveLength(1);
  });

  it('a game that has not started yet has no samples and no turns', () => {
    const lobby = longGame.slice(
      0,
      longGame.findIndex((e) => e.kind === 'game-action'),
    );
    const replay = createReplay(lobby);
    expect(replay.samples).toEqual([]);
    expect(replay.turnStarts).toEqual([]);
    expect(replay.turnAt(replay.endSeq)).toBe(0);
    expect(replay.seqOfTurn(5)).toBe(replay.startSeq);
    expect(replay.startSeq).toBe(1);
  });
});

describe('replay extend (a live game’s growing log)', () => {
  const short = botGameLog({ countries: 3, w: 8, h: 8, difficulty: 'normal', seed: 11 });

  it('extending piece by piece equals a fresh replay of the longer log: hashes, turns, samples and words', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: short.length - 1 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: short.length - 1 }), { minLength: 5, maxLength: 12 }),
        (cuts, picks) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          let replay = createReplay(short.slice(0, points[0]));
          // Look at it between extensions, as a viewer would.
          replay.frameAt(replay.endSeq);
          for (const p of [...points.slice(1), short.length]) {
            replay.hashAt(replay.startSeq);
            const next = replay.extend(short.slice(0, p));
            expect(next).not.toBeNull();
            replay = next!;
          }
          const fresh = createReplay(short);
          expect(replay.startSeq).toBe(fresh.startSeq);
          expect(replay.endSeq).toBe(fresh.endSeq);
          expect(replay.turnStarts).toEqual(fresh.turnStarts);
          expect(replay.samples).toEqual(fresh.samples);
          for (const i of picks) {
            const seq = short[i]!.seq;
            expect(replay.hashAt(seq)).toBe(fresh.hashAt(seq));
            expect(replay.frameAt(seq).words).toEqual(fresh.frameAt(seq).words);
            expect(replay.turnAt(seq)).toBe(fresh.turnAt(seq));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('an older replay keeps showing its own part of the log after a newer one folded more', () => {
    const a = createReplay(short.slice(0, 300));
    const b = a.extend(short.slice(0, 600))!;
    expect(a.endSeq).toBe(300);
    expect(a.frameAt(10_000).seq).toBe(300);
    expect(a.hashAt(300)).toBe(hashTo(short, 300));
    expect(a.samples[a.samples.length - 1]!.seq).toBe(300);
    // Extending the older one again reuses the fold that is already ahead of it.
    const c = a.extend(short.slice(0, 450))!;
    expect(c.endSeq).toBe(450);
    expect(c.hashAt(450)).toBe(hashTo(short, 450));
    expect(b.hashAt(600)).toBe(hashTo(short, 600));
  });

  it('the game starting while watched moves the replay’s start to it', () => {
    const firstAction = short.findIndex((e) => e.kind === 'game-action');
    const lobby = createReplay(short.slice(0, firstAction));
    expect(lobby.startSeq).toBe(1);
    const started = lobby.extend(short.slice(0, firstAction + 5))!;
    expect(started.startSeq).toBe(short[firstAction]!.seq);
    expect(started.turnStarts[0]!.seq).toBe(started.startSeq);
  });

  it('returns null for a log that does not continue it, and itself for the same log', () => {
    const a = createReplay(short.slice(0, 200));
    expect(a.extend(a.events)).toBe(a);
    // Read again as new objects (a loader running anew): still the same replay.
    expect(a.extend(structuredClone(short.slice(0, 200)))).toBe(a);
    expect(a.extend(short.slice(0, 100))).toBeNull();
    expect(a.extend(longGame)).toBeNull();
  });

  it('refuses new events the engine cannot fold', () => {
    const a = createReplay(short.slice(0, 200));
    const broken = [...short.slice(0, 200), { ...short[200]!, seq: 205 }];
    expect(() => a.extend(broken)).toThrow(ReplayError);
  });
});

describe('a replay opened before its log is folded (ARCHITECTURE §7.8)', () => {
  const eager = createReplay(longGame);

  /** Everything a viewer reads at `seq`, from `replay`. */
  const readAt = (replay: Replay, seq: number) => {
    const frame = replay.frameAt(seq);
    return {
      seq: frame.seq,
      hash: stateHash(frame.lobby),
      turn: frame.turn,
      words: frame.words,
      fight: frame.fight,
      move: frame.move,
      feed: frame.feed,
      turnAt: replay.turnAt(seq),
      next: replay.nextTurnSeq(seq),
      prev: replay.prevTurnSeq(seq),
    };
  };

  it('opens a long log folded only through the start, and a short one whole', () => {
    expect(longGame.length).toBeGreaterThan(FOLD_AT_ONCE);
    const lazy = openReplay(longGame);
    expect(lazy.complete).toBe(false);
    expect(lazy.started).toBe(true);
    expect([lazy.startSeq, lazy.endSeq, lazy.firstTurn]).toEqual([eager.startSeq, eager.endSeq, eager.firstTurn]);
    expect(readAt(lazy, lazy.startSeq)).toEqual(readAt(eager, eager.startSeq));
    const short = smallBotGame();
    expect(short.length).toBeLessThanOrEqual(FOLD_AT_ONCE);
    expect(openReplay(short).complete).toBe(true);
  });

  it('answers every read, in any order, as the replay folded whole does', () => {
    const seqs = fc.integer({ min: eager.startSeq - 3, max: eager.endSeq + 3 });
    const read = fc.oneof(
      seqs.map((seq) => ({ at: seq })),
      fc.integer({ min: 0, max: eager.lastTurn + 2 }).map((turn) => ({ turn })),
    );
    fc.assert(
      fc.property(fc.array(read, { minLength: 1, maxLength: 8 }), (reads) => {
        const lazy = createReplay(longGame, true);
        for (const r of reads) {
          if ('turn' in r) expect(lazy.seqOfTurn(r.turn)).toBe(eager.seqOfTurn(r.turn));
          else expect(readAt(lazy, r.at)).toEqual(readAt(eager, r.at));
        }
        // What needs the whole log folds the rest when read.
        expect(lazy.lastTurn).toBe(eager.lastTurn);
        expect(lazy.complete).toBe(true);
        expect(lazy.turnStarts).toEqual(eager.turnStarts);
        expect(lazy.samples).toEqual(eager.samples);
        expect(lazy.fights).toEqual(eager.fights);
      }),
      { numRuns: 20 },
    );
  });

  it('foldMore folds in slices and then hands over the whole replay as a new object', () => {
    const lazy = createReplay(longGame, true);
    let whole: Replay | null = null;
    let slices = 0;
    while (!whole) {
      whole = lazy.foldMore(1);
      slices++;
    }
    expect(slices).toBeGreaterThan(1);
    expect(whole).not.toBe(lazy);
    expect(whole.complete && lazy.complete).toBe(true);
    expect(whole.lastTurn).toBe(eager.lastTurn);
    expect(whole.samples).toEqual(eager.samples);
    for (const seq of [whole.startSeq, 1000, 2500, whole.endSeq])
      expect(readAt(whole, seq)).toEqual(readAt(eager, seq));
  });

  it('an event the engine refuses far into the log throws where it is reached, not at the open', () => {
    // A pass in another country's name: shaped like any event, refused by the rules.
    const bad = longGame.findIndex((e, i) => i > 3000 && e.kind === 'game-action' && e.payload.id === 'next_turn');
    const broken = longGame.map((e, i) =>
      i === bad && e.kind === 'game-action' && e.payload.id === 'next_turn'
        ? { ...e, payload: { ...e.payload, info: { country: ((e.payload.info.country + 1) % 4) as PlayableCountry } } }
        : e,
    );
    const opened = openReplay(broken);
    expect(opened.frameAt(opened.startSeq).seq).toBe(opened.startSeq);
    expect(() => opened.frameAt(broken[bad]!.seq)).toThrow(ReplayError);
    const sliced = openReplay(broken);
    expect(() => {
      while (!sliced.foldMore(50));
    }).toThrow(`at seq ${broken[bad]!.seq}`);
    // Seqs that skip cannot be read as indexes: such a log is folded at once, and refused at once.
    const skipping = longGame.map((e, i) => (i === 2500 ? { ...e, seq: e.seq + 1 } : e));
    expect(() => openReplay(skipping)).toThrow(ReplayError);
  });

  it('a live game’s long log, extended before it is folded, answers as a fresh replay of the longer log', () => {
    const first = openReplay(longGame.slice(0, 3000));
    first.frameAt(1200);
    const extended = first.extend(longGame)!;
    expect(extended.complete).toBe(false);
    for (const seq of [2999, 3000, 3500, extended.endSeq]) expect(readAt(extended, seq)).toEqual(readAt(eager, seq));
    expect(extended.turnStarts).toEqual(eager.turnStarts);
    // The older replay still ends where its log does.
    expect(first.lastTurn).toBe(eager.turnAt(3000));
    expect(first.frameAt(10_000).seq).toBe(3000);
  });

  it('a lobby whose game never started is folded whole, with no turns', () => {
    const firstAction = longGame.findIndex((e) => e.kind === 'game-action');
    const lobby = createReplay(longGame.slice(0, firstAction), true);
    expect(lobby.complete).toBe(true);
    expect(lobby.started).toBe(false);
    expect(lobby.lastTurn).toBe(0);
  });
});
