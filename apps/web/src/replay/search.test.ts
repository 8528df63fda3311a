/** Tests of replay/search.ts: the replay routes' search and where a link opens. */
import { describe, expect, it } from 'vitest';
import { createReplay } from './replay-model';
import { parseReplaySearch, searchAtSeq, seqFromSearch } from './search';
import { botGameLog } from '../../test/fixtures/bot-game-logs';

describe('parseReplaySearch (the replay routes’ validateSearch)', () => {
  it.each([
    [{}, {}],
    [{ seq: 12 }, { seq: 12 }],
    [{ seq: '12' }, { seq: 12 }],
    [{ seq: ' 7 ' }, { seq: 7 }],
    [{ turn: 3 }, { turn: 3 }],
    [
      { seq: 40, turn: 3 },
      { seq: 40, turn: 3 },
    ],
    [{ seq: 0 }, { seq: 0 }],
    [{ seq: '' }, {}],
    [{ seq: null }, {}],
    [{ turn: 99999 }, { turn: 99999 }],
    [{ tab: 'x', seq: 5 }, { seq: 5 }],
  ])('keeps a whole-number position: %j → %j', (raw, parsed) => {
    expect(parseReplaySearch(raw)).toEqual(parsed);
  });

  it.each([
    [{ seq: 'abc' }, {}],
    [{ turn: -3 }, {}],
    [{ turn: '-3' }, {}],
    [{ seq: 1.5 }, {}],
    [{ seq: true }, {}],
    [{ seq: [1, 2] }, {}],
    [{ seq: { a: 1 } }, {}],
    [{ seq: '1e400' }, {}],
    [{ seq: '12345678901234567890' }, {}],
    [{ seq: 'abc', turn: 4 }, { turn: 4 }],
  ])('drops anything else and marks the link bad, never throwing: %j', (raw, kept) => {
    expect(parseReplaySearch(raw)).toEqual({ ...kept, bad: true });
  });
});

describe('seqFromSearch: where a link opens', () => {
  const log = botGameLog({ countries: 2, w: 5, h: 5, difficulty: 'hard', seed: 7 });
  const replay = createReplay(log);
  const third = replay.turnStarts[2]!;

  it('a seq opens there, clamped into the game; a turn opens at its start', () => {
    expect(seqFromSearch(replay, { seq: replay.startSeq + 3 })).toEqual({ seq: replay.startSeq + 3, understood: true });
    expect(seqFromSearch(replay, { seq: 0 })).toEqual({ seq: replay.startSeq, understood: true });
    expect(seqFromSearch(replay, { seq: 10 ** 12 })).toEqual({ seq: replay.endSeq, understood: true });
    expect(seqFromSearch(replay, { turn: third.turn })).toEqual({ seq: third.seq, understood: true });
    // A turn beyond the end opens at the end.
    expect(seqFromSearch(replay, { turn: 99999 })).toEqual({ seq: replay.endSeq, understood: true });
    // A seq says exactly where; it wins over a turn.
    expect(seqFromSearch(replay, { seq: replay.startSeq + 1, turn: third.turn }).seq).toBe(replay.startSeq + 1);
  });

  it('no position opens at the fallback (the start, or a live game’s newest event)', () => {
    expect(seqFromSearch(replay, {})).toEqual({ seq: replay.startSeq, understood: true });
    expect(seqFromSearch(replay, {}, replay.endSeq)).toEqual({ seq: replay.endSeq, understood: true });
  });

  it('a bad link opens at the start and is reported as not understood', () => {
    expect(seqFromSearch(replay, parseReplaySearch({ seq: 'abc' }))).toEqual({
      seq: replay.startSeq,
      understood: false,
    });
    expect(seqFromSearch(replay, parseReplaySearch({ turn: '-3' }))).toEqual({
      seq: replay.startSeq,
      understood: false,
    });
  });

  it('the link to a seq keeps other params and drops turn and the bad mark', () => {
    expect(searchAtSeq({ turn: 4, bad: true, tab: 'x' }, 9)).toEqual({ tab: 'x', seq: 9 });
    expect(parseReplaySearch(searchAtSeq({}, 9))).toEqual({ seq: 9 });
  });
});
