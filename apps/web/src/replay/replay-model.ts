/**
 * A replay: a game's log folded once with the engine, with a state kept every CHECKPOINT_EVERY events
 * so a seek (back or forward) folds at most that many events; the fight, move and feed lines of each
 * game action are described once, with the same `describeAction` the live game uses.
 */
import { applyEvent, foldFrom, stateHash, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import { describeAction, type FightView, type MoveView } from '../game/action-view';
import { FEED_LENGTH, type FeedEntry } from '../game/feed';

export const CHECKPOINT_EVERY = 32;

/** What the replay shows at one seq. */
export interface ReplayFrame {
  readonly seq: number;
  readonly lobby: LobbyState;
  /** The latest fight of the turn being played at `seq` (up to `seq`), if there was one. */
  readonly fight: FightView | null;
  /** The move or banner of the event at `seq`, if it was one. */
  readonly move: MoveView | null;
  /** The latest feed lines up to `seq`, oldest first. */
  readonly feed: readonly FeedEntry[];
}

export interface Replay {
  readonly events: readonly LobbyEvent[];
  /** The seq the replay opens on: the game's start (or the first event of a log that never started). */
  readonly startSeq: number;
  readonly endSeq: number;
  /** The nearest seq in [startSeq, endSeq] that is in the log. */
  clamp(seq: number): number;
  /** The frame at `seq` (clamped); the last frame asked for is kept, so stepping forward folds one event. */
  frameAt(seq: number): ReplayFrame;
  /** `stateHash` of the state at `seq`. */
  hashAt(seq: number): string;
}

export class ReplayError extends Error {}

interface Described {
  readonly fight: FightView | null;
  readonly move: MoveView | null;
  readonly news: readonly FeedEntry[];
}

const NOTHING: Described = { fight: null, move: null, news: [] };

/** Folds `events` (a whole log, in seq order); throws a ReplayError if the engine refuses it. */
export function createReplay(events: readonly LobbyEvent[]): Replay {
  if (events.length === 0) throw new ReplayError('This game has no events.');
  const checkpoints: LobbyState[] = [];
  const described: Described[] = [];
  const indexOfSeq = new Map<number, number>();
  let state: LobbyState | null = null;
  events.forEach((event, i) => {
    const next = applyEvent(state, event);
    if (!next.ok) throw new ReplayError(`The log does not fold at seq ${event.seq}: ${next.error.message}`);
    described.push(
      event.kind === 'game-action' && state !== null
        ? describeAction(event.seq, state.game, next.value.game, event.payload, event.seed)
        : NOTHING,
    );
    state = next.value;
    indexOfSeq.set(event.seq, i);
    if (i % CHECKPOINT_EVERY === 0) checkpoints.push(state);
  });
  const startIndex = Math.max(
    0,
    events.findIndex((e) => e.kind === 'game-action' && e.payload.id === 'start'),
  );
  const startSeq = events[startIndex]!.seq;
  const endSeq = events[events.length - 1]!.seq;

  /** Index of the last event with seq ≤ `seq`, at least the start. */
  const indexAt = (seq: number): number => {
    if (seq <= startSeq) return startIndex;
    if (seq >= endSeq) return events.length - 1;
    const exact = indexOfSeq.get(seq);
    if (exact !== undefined) return exact;
    let lo = startIndex;
    let hi = events.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (events[mid]!.seq <= seq) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  let last: { index: number; lobby: LobbyState } | null = null;
  const stateAtIndex = (index: number): LobbyState => {
    if (last?.index === index) return last.lobby;
    // Fold from the last state when stepping forward, else from the nearest checkpoint at or before.
    const cpIndex = Math.floor(index / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    const fromLast = last !== null && last.index < index && last.index >= cpIndex;
    const base = fromLast ? last!.lobby : checkpoints[cpIndex / CHECKPOINT_EVERY]!;
    const baseIndex = fromLast ? last!.index : cpIndex;
    const folded = foldFrom(base, events.slice(baseIndex + 1, index + 1));
    // The whole log folded once already, so a refusal here is a bug.
    if (!folded.ok) throw new Error(`replay refold failed: ${folded.error.message}`);
    last = { index, lobby: folded.value };
    return folded.value;
  };

  const feedAt = (index: number): FeedEntry[] => {
    const out: FeedEntry[] = [];
    for (let i = index; i >= startIndex && out.length < FEED_LENGTH; i--) {
      const news = described[i]!.news;
      for (let j = news.length - 1; j >= 0 && out.length < FEED_LENGTH; j--) out.push(news[j]!);
    }
    return out.reverse();
  };

  /** The latest fight from `index` back to the start of its turn (the last next_turn before it). */
  const fightAt = (index: number): FightView | null => {
    for (let i = index; i > startIndex; i--) {
      const fight = described[i]!.fight;
      if (fight) return fight;
      const e = events[i]!;
      if (e.kind === 'game-action' && e.payload.id === 'next_turn') return null;
    }
    return null;
  };

  return {
    events,
    startSeq,
    endSeq,
    clamp: (seq) => events[indexAt(seq)]!.seq,
    frameAt(seq) {
      const index = indexAt(seq);
      const d = described[index]!;
      return { seq: events[index]!.seq, lobby: stateAtIndex(index), fight: fightAt(index), move: d.move, feed: feedAt(index) };
    },
    hashAt: (seq) => stateHash(stateAtIndex(indexAt(seq))),
  };
}

export const REPLAY_SPEEDS = [0.5, 1, 2, 4, 8] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** Milliseconds between two events at `speed` while playing. */
export const playDelay = (speed: number) => Math.round(700 / speed);
