/**
 * A replay: a game's log folded once with the engine. The fold keeps a state every CHECKPOINT_EVERY
 * events (so a seek folds at most that many), the seq where each turn begins, one land-and-units sample
 * per turn for the chart, and every event in words — the fight, move and feed lines of game actions
 * come from the same `describeAction` the live game uses. A live game's log only grows: `extend` folds
 * just the new events and shares everything folded before.
 *
 * The viewer opens a long log before it is all folded (`openReplay`, ARCHITECTURE §7.8): the fold runs
 * through the game's start at once, and the rest is folded as a read needs it or by `foldMore` between
 * frames. Every answer is the same as that of a replay folded whole; only when the work is done differs.
 */
import { applyEvent, foldFrom, stateHash, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import { describeAction, type FightView, type MoveView } from '../game/action-view';
import { FEED_LENGTH, type FeedEntry } from '../game/feed';
import { sampleOf, type ChartSample } from './chart-series';
import { describeEvent, type EventWords } from './describe-event';
import { firstStartFromTurn, lastStartAtOrBefore, type TurnStart } from './turns';

export const CHECKPOINT_EVERY = 32;
/** `openReplay` folds a log of up to this many events at once (a few tens of milliseconds), a longer one as it goes. */
export const FOLD_AT_ONCE = 2_000;
/** How many events a read that needs more of the log folds at a time while it looks for a turn start. */
const FOLD_CHUNK = 256;

/** What the replay shows at one seq. */
export interface ReplayFrame {
  readonly seq: number;
  readonly lobby: LobbyState;
  /** The turn count shown (0 before the game starts). */
  readonly turn: number;
  /** The event at `seq`, in words. */
  readonly words: EventWords;
  /** The latest fight of the turn being played at `seq` (up to `seq`), if there was one. */
  readonly fight: FightView | null;
  /** The move or banner of the event at `seq`, if it was one. */
  readonly move: MoveView | null;
  /** The latest feed lines up to `seq`, oldest first. */
  readonly feed: readonly FeedEntry[];
}

export interface Replay {
  /** The log this replay shows (the array it was made or extended with). */
  readonly events: readonly LobbyEvent[];
  /** The seq the replay opens on: the game's start (or the first event of a log that has not started). */
  readonly startSeq: number;
  readonly endSeq: number;
  /** The turn the game started on and the turn at the end (both 0 before the game starts). */
  readonly firstTurn: number;
  readonly lastTurn: number;
  /** Whether the game's start is in the log (a lobby still waiting has no turns). */
  readonly started: boolean;
  /**
   * Whether the whole log is folded. Reading `lastTurn`, `turnStarts`, `samples` or `fights` folds what is
   * left first, so a viewer reads them once this is true (`foldMore` gets there between frames).
   */
  readonly complete: boolean;
  /** Where each turn begins, in order (the first is the game's start). */
  readonly turnStarts: readonly TurnStart[];
  /** Land and units per country: one sample per turn start, then the final state if it is not one. */
  readonly samples: readonly ChartSample[];
  /** Every fight of the log, in order (for the game-over summary). */
  readonly fights: readonly FightView[];
  /**
   * Folds more of the log for about `budgetMs` milliseconds: null while some is left, then this replay
   * as a new object over the whole fold (so what shows the whole game draws again). Throws a
   * ReplayError where the engine refuses an event.
   */
  foldMore(budgetMs: number): Replay | null;
  /** The nearest seq in [startSeq, endSeq]. */
  clamp(seq: number): number;
  /** The frame at `seq` (clamped); the last state asked for is kept, so stepping forward folds one event. */
  frameAt(seq: number): ReplayFrame;
  /** `stateHash` of the state at `seq` (clamped). */
  hashAt(seq: number): string;
  /** The turn count at `seq` (clamped). */
  turnAt(seq: number): number;
  /** The seq where turn `turn` begins: a banner or chest turn's number gives the turn after it, a turn past the end gives the end. */
  seqOfTurn(turn: number): number;
  /** The start of the turn after the one at `seq`, or the end. */
  nextTurnSeq(seq: number): number;
  /** The latest turn start before `seq` (the current turn's own start when `seq` is past it), or the start. */
  prevTurnSeq(seq: number): number;
  /**
   * This replay over `log`, a longer log that begins with this one (a live game's log as it grows):
   * only the new events are folded. This replay itself when `log` is its log again (even as new
   * objects); null when `log` does not continue it.
   */
  extend(log: readonly LobbyEvent[]): Replay | null;
}

export class ReplayError extends Error {}

interface Described {
  readonly fight: FightView | null;
  readonly move: MoveView | null;
  readonly news: readonly FeedEntry[];
  readonly words: EventWords;
}

/** Everything folded so far, shared by the replays over one growing log; appended to (a removed chat line is reworded). */
interface Fold {
  /** The longest log given to this fold; `events` is the part of it folded so far. */
  log: readonly LobbyEvent[];
  readonly events: LobbyEvent[];
  readonly checkpoints: LobbyState[];
  readonly described: Described[];
  readonly turnStarts: TurnStart[];
  /** One sample per turn start (same indices as `turnStarts`). */
  readonly samples: ChartSample[];
  /** Index of the game's `start` event, -1 until there is one. */
  startIndex: number;
  /** The state after the last folded event. */
  state: LobbyState | null;
}

/** Folds `event` onto the fold; throws a ReplayError if the engine refuses it. */
function foldOne(f: Fold, event: LobbyEvent): void {
  const before = f.state;
  const next = applyEvent(before, event);
  if (!next.ok) throw new ReplayError(`The log does not fold at seq ${event.seq}: ${next.error.message}`);
  const after = next.value;
  const i = f.events.length;
  const view =
    event.kind === 'game-action' && before !== null
      ? describeAction(event.seq, before.game, after.game, event.payload, event.seed)
      : null;
  f.described.push({
    fight: view?.fight ?? null,
    move: view?.move ?? null,
    news: view?.news ?? [],
    words: describeEvent(event, before, after, view),
  });
  f.events.push(event);
  f.state = after;
  if (event.kind === 'moderation' && event.payload.action === 'remove-chat') blankChatLine(f, event.payload.seq, after);
  if (i % CHECKPOINT_EVERY === 0) f.checkpoints.push(after);
  if (f.startIndex < 0 && event.kind === 'game-action' && event.payload.id === 'start') f.startIndex = i;
  // The turn count changes only when a turn begins: at the start, then when a turn is passed.
  const begins =
    i === f.startIndex || (f.startIndex >= 0 && before !== null && after.game.turn.count !== before.game.turn.count);
  if (begins) {
    f.turnStarts.push({ turn: after.game.turn.count, seq: event.seq });
    f.samples.push(sampleOf(after.game, event.seq));
  }
}

/** Folds the fold's log through index `index` (clamped to the log); throws a ReplayError if the engine refuses an event. */
function foldThrough(f: Fold, index: number): void {
  const last = Math.min(index, f.log.length - 1);
  while (f.events.length <= last) foldOne(f, f.log[f.events.length]!);
}

/**
 * A moderator removed the chat message logged at `seq` (PROTOCOL §4.9): its line in the event list now says
 * so, also in the replays already made over this log (the words are the removal's, never the text).
 */
function blankChatLine(f: Fold, seq: number, after: LobbyState): void {
  const i = f.events.findIndex((e) => e.seq === seq);
  const chat = f.events[i];
  if (chat?.kind !== 'chat') return;
  f.described[i] = { ...f.described[i]!, words: describeEvent(chat, null, after, null) };
}

/** Two log entries are the same event (the same objects, or the same event fetched twice). */
function sameEvent(a: LobbyEvent | undefined, b: LobbyEvent | undefined): boolean {
  if (a === b) return true;
  return (
    !!a && !!b && a.seq === b.seq && a.kind === b.kind && a.actor === b.actor && a.seed === b.seed && a.at === b.at
  );
}

/**
 * Folds `events` (a whole log, in seq order); throws a ReplayError if the engine refuses it. With
 * `lazy`, only through the game's start: the rest is folded as reads need it, or by `foldMore`, and an
 * event the engine refuses throws there. A log whose seqs do not run 1, 2, 3… is folded whole at once,
 * so the engine says where it breaks.
 */
export function createReplay(events: readonly LobbyEvent[], lazy = false): Replay {
  if (events.length === 0) throw new ReplayError('This game has no events.');
  const fold: Fold = {
    log: events,
    events: [],
    checkpoints: [],
    described: [],
    turnStarts: [],
    samples: [],
    startIndex: -1,
    state: null,
  };
  if (lazy && seqsRunFromOne(events)) {
    while (fold.startIndex < 0 && fold.events.length < events.length) foldOne(fold, events[fold.events.length]!);
  } else foldThrough(fold, events.length - 1);
  return replayOver(fold, events, null);
}

/** The viewer's replay: a log of up to FOLD_AT_ONCE events folded at once, a longer one lazily (`createReplay`). */
export function openReplay(events: readonly LobbyEvent[]): Replay {
  return createReplay(events, events.length > FOLD_AT_ONCE);
}

/** Seqs 1, 2, 3… in order: what the engine asks of a log, and what lets a seq be an index before it is folded. */
function seqsRunFromOne(events: readonly LobbyEvent[]): boolean {
  return events.every((e, i) => e?.seq === i + 1);
}

/** The replay of the first `log.length` events of `fold`'s log (the fold may not have folded them all yet). */
function replayOver(fold: Fold, log: readonly LobbyEvent[], kept: { index: number; lobby: LobbyState } | null): Replay {
  const count = log.length;
  const events = fold.events;
  const described = fold.described;
  // The fold always runs through the start (or the whole log when there is none): see createReplay.
  const started = fold.startIndex >= 0 && fold.startIndex < count;
  const startIndex = started ? fold.startIndex : 0;
  const startSeq = log[startIndex]!.seq;
  const endSeq = log[count - 1]!.seq;
  const firstSeq = log[0]!.seq;

  const complete = () => events.length >= count;
  /** Folds this replay's log through `index`. */
  const ensure = (index: number) => foldThrough(fold, Math.min(index, count - 1));
  /** Folds the next FOLD_CHUNK events of this replay's log (none when it is whole). */
  const foldFurther = () => ensure(events.length - 1 + FOLD_CHUNK);
  /** How many turn starts of this replay's part of the log are folded (all of them once it is whole). */
  let wholeTurns = -1;
  const knownTurns = (): number => {
    if (wholeTurns >= 0) return wholeTurns;
    const n = lastStartAtOrBefore(fold.turnStarts, fold.turnStarts.length, endSeq) + 1;
    if (complete()) wholeTurns = n;
    return n;
  };
  const turns = (): number => {
    ensure(count - 1);
    return knownTurns();
  };

  /** Index of the event at `seq`, clamped to [start, end]. Seqs run 1, 2, 3…: createReplay checks it. */
  const indexAt = (seq: number): number => {
    if (!(seq > startSeq)) return startIndex;
    if (seq >= endSeq) return count - 1;
    return Math.floor(seq) - firstSeq;
  };

  let last = kept && kept.index < count ? kept : null;
  const stateAtIndex = (index: number): LobbyState => {
    if (last?.index === index) return last.lobby;
    ensure(index);
    if (index === events.length - 1) {
      last = { index, lobby: fold.state! };
      return fold.state!;
    }
    // Fold from the last state when stepping forward, else from the nearest checkpoint at or before.
    const cpIndex = Math.floor(index / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    const fromLast = last !== null && last.index < index && last.index >= cpIndex;
    const base = fromLast ? last!.lobby : fold.checkpoints[cpIndex / CHECKPOINT_EVERY]!;
    const baseIndex = fromLast ? last!.index : cpIndex;
    const folded = foldFrom(base, events.slice(baseIndex + 1, index + 1));
    // These events folded once already, so a refusal here is a bug.
    if (!folded.ok) throw new Error(`replay refold failed: ${folded.error.message}`);
    last = { index, lobby: folded.value };
    return folded.value;
  };

  const feedAt = (index: number): FeedEntry[] => {
    ensure(index);
    const out: FeedEntry[] = [];
    for (let i = index; i >= startIndex && out.length < FEED_LENGTH; i--) {
      const news = described[i]!.news;
      for (let j = news.length - 1; j >= 0 && out.length < FEED_LENGTH; j--) out.push(news[j]!);
    }
    return out.reverse();
  };

  /** The latest fight from `index` back to the start of its turn. */
  const fightAt = (index: number): FightView | null => {
    ensure(index);
    const turnStart = lastStartAtOrBefore(fold.turnStarts, knownTurns(), log[index]!.seq);
    const from = turnStart >= 0 ? fold.turnStarts[turnStart]!.seq - firstSeq : startIndex;
    for (let i = index; i > from; i--) {
      const fight = described[i]!.fight;
      if (fight) return fight;
    }
    return null;
  };

  const turnAt = (seq: number): number => {
    const index = indexAt(seq);
    ensure(index);
    const i = lastStartAtOrBefore(fold.turnStarts, knownTurns(), log[index]!.seq);
    return i >= 0 ? fold.turnStarts[i]!.turn : 0;
  };

  let turnStarts: readonly TurnStart[] | null = null;
  let samples: readonly ChartSample[] | null = null;
  let fights: readonly FightView[] | null = null;

  const replay: Replay = {
    events: log,
    startSeq,
    endSeq,
    firstTurn: started ? fold.turnStarts[0]!.turn : 0,
    get lastTurn() {
      const n = turns();
      return n > 0 ? fold.turnStarts[n - 1]!.turn : 0;
    },
    started,
    get complete() {
      return complete();
    },
    get turnStarts() {
      return (turnStarts ??= fold.turnStarts.slice(0, turns()));
    },
    get samples() {
      if (samples) return samples;
      const starts = fold.samples.slice(0, turns());
      const lastStart = starts[starts.length - 1];
      samples =
        lastStart && lastStart.seq < endSeq
          ? [...starts, sampleOf(stateAtIndex(count - 1).game, endSeq, true)]
          : starts;
      return samples;
    },
    get fights() {
      ensure(count - 1);
      return (fights ??= described.slice(0, count).flatMap((d) => (d.fight ? [d.fight] : [])));
    },
    foldMore(budgetMs) {
      const until = performance.now() + budgetMs;
      while (!complete() && performance.now() < until) ensure(events.length - 1 + CHECKPOINT_EVERY);
      return complete() ? replayOver(fold, log, last) : null;
    },
    clamp: (seq) => log[indexAt(seq)]!.seq,
    frameAt(seq) {
      const index = indexAt(seq);
      const lobby = stateAtIndex(index);
      const d = described[index]!;
      const at = log[index]!.seq;
      return {
        seq: at,
        lobby,
        turn: turnAt(at),
        words: d.words,
        fight: fightAt(index),
        move: d.move,
        feed: feedAt(index),
      };
    },
    hashAt: (seq) => stateHash(stateAtIndex(indexAt(seq))),
    turnAt,
    seqOfTurn(turn) {
      if (!started) return startSeq;
      for (;;) {
        const known = knownTurns();
        const i = firstStartFromTurn(fold.turnStarts, known, turn);
        if (i < known) return fold.turnStarts[i]!.seq;
        if (complete()) return endSeq;
        foldFurther();
      }
    },
    nextTurnSeq(seq) {
      const at = replay.clamp(seq);
      ensure(indexAt(at));
      for (;;) {
        const known = knownTurns();
        const i = lastStartAtOrBefore(fold.turnStarts, known, at) + 1;
        if (i < known) return fold.turnStarts[i]!.seq;
        if (complete()) return endSeq;
        foldFurther();
      }
    },
    prevTurnSeq(seq) {
      const at = replay.clamp(seq);
      ensure(indexAt(at));
      const i = lastStartAtOrBefore(fold.turnStarts, knownTurns(), at - 1);
      return i >= 0 ? fold.turnStarts[i]!.seq : startSeq;
    },
    extend(next) {
      // The same log fetched or read again (a route's loader running anew) changes nothing.
      if (
        next === log ||
        (next.length === count && sameEvent(next[0], log[0]) && sameEvent(next[count - 1], log[count - 1]))
      )
        return replay;
      if (next.length < count || !sameEvent(next[0], log[0]) || !sameEvent(next[count - 1], log[count - 1]))
        return null;
      // Another replay over this fold may have been given a longer log already; reuse what matches.
      const known = fold.log;
      const shared = Math.min(known.length, next.length);
      if (!sameEvent(next[shared - 1], known[shared - 1])) return createReplay(next);
      if (next.length > known.length) fold.log = next;
      // A live game's new events are folded as they come, once what came before is folded.
      if (complete()) foldThrough(fold, next.length - 1);
      return replayOver(fold, next, last);
    },
  };
  return replay;
}

/** The ways to step through a replay: the buttons and the keys. */
export const REPLAY_STEPS = ['start', 'turn-back', 'back', 'forward', 'turn-forward', 'end'] as const;
export type ReplayStep = (typeof REPLAY_STEPS)[number];

/** Where `step` goes from `seq`. */
export function stepSeq(replay: Replay, seq: number, step: ReplayStep): number {
  switch (step) {
    case 'start':
      return replay.startSeq;
    case 'turn-back':
      return replay.prevTurnSeq(seq);
    case 'back':
      return replay.clamp(seq - 1);
    case 'forward':
      return replay.clamp(seq + 1);
    case 'turn-forward':
      return replay.nextTurnSeq(seq);
    case 'end':
      return replay.endSeq;
  }
}

export const REPLAY_SPEEDS = [0.5, 1, 2, 4, 8] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** Milliseconds between two events at `speed` while playing. */
export const playDelay = (speed: number) => Math.round(700 / speed);
