/**
 * Tests of the board's online session (online/online-session.ts): what it shows of the events it is handed, at the
 * bots' pace.
 */
import { gameHash, serializeGame, whoseTurn, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import type { Ack } from '@four-banners/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_CONNECTED, OnlineSession } from './online-session';
import { foldSyncAnswer } from './resync';
import { ALICE, BOB, act, startedLog, stateOf, throughBotTurn } from '../../test/fixtures/online-lobby-log';

const PACE = { action: 100, turn: 200 };

function sessionAt(
  log: LobbyEvent[],
  me = ALICE,
  send = vi.fn(async (): Promise<Ack> => ({ ok: true })),
  live?: () => boolean,
) {
  const refused: string[] = [];
  const broken: number[] = [];
  const session = new OnlineSession(stateOf(log), log, {
    playerId: me,
    pace: () => PACE,
    send,
    live,
    onRefused: (m) => refused.push(m),
    onBroken: (seq) => broken.push(seq),
  });
  return { session, send, refused, broken };
}

describe('online session: folding what the server sends', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("this device acts only for its own country, on its turn: Alice is active, Bob's device is not", () => {
    const log = startedLog();
    expect(sessionAt(log, ALICE).session.snapshot.active).toBe(0);
    expect(sessionAt(log, BOB).session.snapshot.active).toBe(null);
  });

  it('a person’s action is sent only when the engine says it is actable, and shown only when broadcast back', () => {
    const log = startedLog();
    const { session, send } = sessionAt(log);
    const before = gameHash(session.snapshot.lobby.game);
    // Not Alice's country, and a banner on a tile she does not own: refused locally, nothing sent.
    expect(session.act({ id: 'next_turn', info: { country: 1 } })).toBe(false);
    expect(session.act({ id: 'place_banner', info: { country: 0, x: 99, y: 99 } })).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(session.passTurn()).toBe(true);
    expect(send).toHaveBeenCalledWith({ id: 'next_turn', info: { country: 0 } });
    // Nothing is patched by hand: the state moves only with the server's event.
    expect(gameHash(session.snapshot.lobby.game)).toBe(before);
    const next = act(log, ALICE, { id: 'next_turn', info: { country: 0 } });
    session.receive(next.at(-1)!);
    expect(whoseTurn(session.snapshot.lobby.game)).toBe(1);
    expect(session.snapshot.active).toBe(null);
  });

  it('a refused action shows the server’s message and changes nothing', async () => {
    const send = vi.fn(
      async (): Promise<Ack> => ({ ok: false, error: { code: 'not_your_turn', message: 'It is not your turn.' } }),
    );
    const { session, refused } = sessionAt(startedLog(), ALICE, send);
    const before = session.snapshot.lobby;
    expect(session.passTurn()).toBe(true);
    await vi.runAllTimersAsync();
    expect(refused).toEqual(['It is not your turn.']);
    expect(session.snapshot.lobby).toBe(before);
    expect(session.sending).toBe(false);
  });

  it('while the connection is down a legal action is refused with a message and nothing is sent; an illegal one stays silent', async () => {
    let connected = false;
    const { session, send, refused } = sessionAt(startedLog(), ALICE, undefined, () => connected);
    const before = session.snapshot.lobby;
    expect(session.passTurn()).toBe(false);
    expect(refused).toEqual([NOT_CONNECTED]);
    // ARCHITECTURE §7.5: an action the engine refuses is ignored without a word, connected or not.
    expect(session.act({ id: 'place_banner', info: { country: 0, x: 99, y: 99 } })).toBe(false);
    expect(refused).toEqual([NOT_CONNECTED]);
    expect(send).not.toHaveBeenCalled();
    expect(session.snapshot.lobby).toBe(before);
    expect(session.sending).toBe(false);
    // Back and caught up: the same pass is sent.
    connected = true;
    expect(session.passTurn()).toBe(true);
    expect(send).toHaveBeenCalledWith({ id: 'next_turn', info: { country: 0 } });
    await vi.runAllTimersAsync();
    expect(refused).toEqual([NOT_CONNECTED]);
  });

  it('bot actions are shown one at a time at the bots’ pace; Skip shows the rest at once', () => {
    const log = startedLog();
    const full = throughBotTurn(log);
    const { session } = sessionAt(log);
    const botEvents = full.slice(log.length + 2);
    expect(botEvents.length).toBeGreaterThan(1);
    session.resume(); // the game screen is on
    for (const e of full.slice(log.length)) session.receive(e);
    // Both passes are shown at once (people), then the bot bar waits before the bot's first move.
    expect(session.snapshot.lobby.seq).toBe(log.length + 2);
    expect(session.snapshot.botTurn).toBe(2);
    expect(session.snapshot.active).toBe(null);
    vi.advanceTimersByTime(PACE.action);
    expect(session.snapshot.lobby.seq).toBe(log.length + 3);
    session.skipBots();
    expect(session.snapshot.lobby.seq).toBe(full.at(-1)!.seq);
    expect(gameHash(session.snapshot.lobby.game)).toBe(gameHash(stateOf(full).game));
    // Back to Alice once the bot passed.
    expect(session.snapshot.active).toBe(0);
  });

  it('while the game screen is hidden (paused) events are shown as they come', () => {
    const log = startedLog();
    const full = throughBotTurn(log);
    const { session } = sessionAt(log);
    session.pause();
    for (const e of full.slice(log.length)) session.receive(e);
    expect(session.snapshot.lobby.seq).toBe(full.at(-1)!.seq);
  });

  it('an event that does not follow what is shown is reported and dropped', () => {
    const log = startedLog();
    const full = throughBotTurn(log);
    const { session, broken } = sessionAt(log);
    session.resume();
    // A bot event out of order (as if one was lost): the session cannot fold it.
    session.receive({ ...full.at(-1)!, seq: log.length + 1 });
    expect(broken).toEqual([log.length]);
    expect(session.snapshot.lobby.seq).toBe(log.length);
  });

  it('a fight received from the server is shown with its dice, as offline', () => {
    const log = startedLog();
    const { session } = sessionAt(log);
    const full = throughBotTurn(log);
    for (const e of full.slice(log.length)) session.receive(e);
    session.skipBots();
    expect(session.snapshot.feed.length).toBeGreaterThan(0);
  });
});

describe('resync answers (PROTOCOL §5.2)', () => {
  it('folds the events after what the client holds, skipping ones it already has', () => {
    const log = throughBotTurn(startedLog());
    const held = stateOf(log.slice(0, 5));
    const r = foldSyncAnswer(held, { ok: true, events: log.slice(3) });
    expect(r?.complete).toBe(true);
    expect(r?.replaced).toBe(false);
    expect(r?.events.map((e) => e.seq)).toEqual(log.slice(5).map((e) => e.seq));
    expect(r?.state.seq).toBe(log.at(-1)!.seq);
    // The events continue from what was held.
    expect(r?.base).toBe(held);
  });

  it('a reload (nothing held) folds the whole log from seq 1', () => {
    const log = startedLog();
    const r = foldSyncAnswer(null, { ok: true, events: log });
    expect(r?.state.seq).toBe(log.length);
    expect(r?.state.messages.map((m) => m.msg)).toEqual(['hello']);
    expect(r?.base).toBeNull();
  });

  it('a snapshot replaces what is held, then its tail is folded', () => {
    const log = throughBotTurn(startedLog());
    const at = stateOf(log.slice(0, 8));
    const snapshot = {
      seq: at.seq,
      lobby: { ...at, game: undefined } as never,
      state: { ...(JSON.parse(JSON.stringify(serialize(at))) as object) } as never,
    };
    const r = foldSyncAnswer(stateOf(log.slice(0, 3)), { ok: true, snapshot, events: log.slice(8) });
    expect(r?.replaced).toBe(true);
    expect(r?.state.seq).toBe(log.at(-1)!.seq);
    expect(gameHash(r!.state.game)).toBe(gameHash(stateOf(log).game));
    // The tail continues from the snapshot, not from what was held.
    expect(r?.base?.seq).toBe(8);
    expect(gameHash(r!.base!.game)).toBe(gameHash(at.game));
  });

  it("a session's snapshot names the state its log continues from (the state a join or a snapshot gave)", () => {
    const log = throughBotTurn(startedLog());
    const at = stateOf(log.slice(0, 8));
    const fromJoin = new OnlineSession(at, [], { playerId: ALICE, pace: () => PACE, send: vi.fn() });
    expect(fromJoin.snapshot.base).toBe(at);
    const tail = new OnlineSession(
      stateOf(log),
      log.slice(8),
      { playerId: ALICE, pace: () => PACE, send: vi.fn() },
      at,
    );
    expect(tail.snapshot.base).toBe(at);
    expect(tail.snapshot.events.map((e) => e.seq)).toEqual(log.slice(8).map((e) => e.seq));
    tail.replace(stateOf(log), log, null);
    expect(tail.snapshot.base).toBeNull();
  });

  it('an answer that skips a seq stops there and reports it incomplete', () => {
    const log = throughBotTurn(startedLog());
    const r = foldSyncAnswer(stateOf(log.slice(0, 5)), { ok: true, events: log.slice(6) });
    expect(r?.complete).toBe(false);
    expect(r?.state.seq).toBe(5);
  });
});

function serialize(s: LobbyState) {
  return serializeGame(s.game);
}

describe('online session: an away person (PROTOCOL §4.8)', () => {
  it('an away person’s device does not act: the server’s bot plays their country, shown as a bot turn', () => {
    const log = startedLog();
    const s = stateOf(log);
    const away = { ...s, players: s.players.map((p) => (p.id === ALICE ? { ...p, away: 'absent' as const } : p)) };
    const session = new OnlineSession(away, log, { playerId: ALICE, pace: () => PACE, send: vi.fn() });
    expect(session.snapshot.active).toBeNull();
    expect(session.snapshot.botTurn).toBe(0);
  });

  it('every person away: the game is paused, nobody plays', () => {
    const log = startedLog();
    const s = stateOf(log);
    const all = { ...s, players: s.players.map((p) => (p.bot ? p : { ...p, away: 'absent' as const })) };
    const session = new OnlineSession(all, log, { playerId: BOB, pace: () => PACE, send: vi.fn() });
    expect(session.snapshot.botTurn).toBeNull();
    expect(session.snapshot.active).toBeNull();
  });
});
