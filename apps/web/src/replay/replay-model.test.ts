import { fold, foldTo, isGameOver, playBotTurn, stateHash, whoseTurn, type LobbyEvent } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { FEED_LENGTH } from '../game/feed';
import { append, gameActionEvent } from '../game/offline-log';
import { act, BOB, startedLog, throughBotTurn } from '../online/test-log';
import { CHECKPOINT_EVERY, createReplay, ReplayError } from './replay-model';

/** A real log written with the engine: the start, then rounds of two passes and a hard bot's turn. */
function gameLog(rounds: number): LobbyEvent[] {
  let log = startedLog();
  for (let i = 0; i < rounds; i++) log = throughBotTurn(log);
  return log;
}

/** Two hard bots on a 5×5 map, played to the end the way the server logs it: each action its own event. */
function botGameLog(): LobbyEvent[] {
  const at = new Date('2026-01-01T00:00:00Z');
  let log: LobbyEvent[] = append([], { kind: 'lobby-created', actor: 'host', seed: null, payload: { lobbyId: 'B1', adminId: 'host', w: 5, h: 5, seed: 7, rulesVersion: 1 } }, at);
  for (const country of [0, 1] as const) {
    const player = { id: `bot-${country}`, name: 'Hard Bot', country, bot: { difficulty: 'hard' as const } };
    log = append(log, { kind: 'player-joined', actor: 'host', seed: null, payload: { player } }, at);
  }
  log = append(log, gameActionEvent('host', { id: 'start', info: {} }, 3), at);
  for (let turn = 0; turn < 400; turn++) {
    const state = fold(log);
    if (!state.ok) throw new Error(state.error.message);
    const country = whoseTurn(state.value.game);
    if (isGameOver(state.value.game) || country === null) break;
    for (const { action, seed } of playBotTurn(state.value.game, country, 'hard', 1000 + turn)) log = append(log, gameActionEvent(`bot-${country}`, action, seed), at);
  }
  return log;
}

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
    const game = botGameLog();
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
    const log = botGameLog();
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
