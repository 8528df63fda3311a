/**
 * A moderator's actions in the log (PROTOCOL §4.9): closing a lobby, removing a seat (a bot takes it in a
 * running game), removing a chat message (blanked from that event on), muting (informative for the fold).
 */
import { describe, expect, it } from 'vitest';
import { COUNTRY, RULES_VERSION } from '../constants.js';
import { whoseTurn } from '../turns.js';
import type { LobbyEvent, LobbyEventPayloads } from './events.js';
import { fold, foldTo, lobbyStatus, stateHash } from './fold.js';

const G = COUNTRY.green;
const P = COUNTRY.purple;
const AT = '2026-01-01T00:00:00.000Z';

function lobby() {
  const events: LobbyEvent[] = [];
  const add = <K extends keyof LobbyEventPayloads>(kind: K, payload: LobbyEventPayloads[K], actor = 'server') => {
    events.push({
      seq: events.length + 1,
      kind,
      actor,
      payload,
      seed: kind === 'game-action' ? 3 : null,
      at: AT,
    } as LobbyEvent);
  };
  add('lobby-created', { lobbyId: 'L1', adminId: 'a', w: 6, h: 5, seed: 17, rulesVersion: RULES_VERSION });
  add('player-joined', { player: { id: 'a', name: 'A', country: G } });
  add('player-joined', { player: { id: 'b', name: 'B', country: P } });
  add('chat', { playerId: 'b', msg: 'something rude' }, 'b');
  add('chat', { playerId: 'a', msg: 'hello' }, 'a');
  return { events, add };
}

const stateOf = (events: readonly LobbyEvent[]) => {
  const r = fold(events);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const errorOf = (events: readonly LobbyEvent[]) => {
  const r = fold(events);
  return r.ok ? null : r.error;
};

describe('moderation events fold (PROTOCOL §4.9)', () => {
  it('close takes the lobby offline', () => {
    const { events, add } = lobby();
    add('moderation', { action: 'close', reason: 'abuse in chat' }, 'moderator');
    const s = stateOf(events);
    expect(s.online).toBe(false);
    expect(lobbyStatus(s)).toBe('closed');
  });

  it('remove-chat blanks that message from the event on, and the earlier state keeps it', () => {
    const { events, add } = lobby();
    add('moderation', { action: 'remove-chat', seq: 4, reason: 'insult' }, 'moderator');
    const after = stateOf(events);
    expect(after.messages.map((m) => [m.seq, m.msg, m.removed ?? false])).toEqual([
      [4, '', true],
      [5, 'hello', false],
    ]);
    const before = foldTo(events, 5);
    expect(before.ok && before.value.messages[0]?.msg).toBe('something rude');
  });

  it('a log served with the removed text already blank folds to the same state and hash', () => {
    const { events, add } = lobby();
    add('moderation', { action: 'remove-chat', seq: 4, reason: 'insult' }, 'moderator');
    const blanked = events.map((e) =>
      e.seq === 4 && e.kind === 'chat' ? { ...e, payload: { ...e.payload, msg: '' } } : e,
    );
    expect(stateHash(stateOf(blanked as LobbyEvent[]))).toBe(stateHash(stateOf(events)));
  });

  it('remove-chat of a seq that is not a chat message does not fold', () => {
    const { events, add } = lobby();
    add('moderation', { action: 'remove-chat', seq: 2, reason: 'x' }, 'moderator');
    expect(errorOf(events)).toMatchObject({ code: 'bad_log', seq: 6 });
  });

  it('remove-seat before the start removes the seat', () => {
    const { events, add } = lobby();
    add('moderation', { action: 'remove-seat', playerId: 'b', reason: 'name' }, 'moderator');
    expect(stateOf(events).players.map((p) => p.id)).toEqual(['a']);
  });

  it('remove-seat in a running game hands the country to the bot in place, turn order kept', () => {
    const { events, add } = lobby();
    add('game-action', { id: 'start', info: {} });
    const turn = whoseTurn(stateOf(events).game);
    add(
      'moderation',
      {
        action: 'remove-seat',
        playerId: 'a',
        reason: 'cheating',
        bot: { id: 'bot-1', name: 'Normal bot', country: G, bot: { difficulty: 'normal' } },
      },
      'moderator',
    );
    const s = stateOf(events);
    expect(s.players.map((p) => [p.id, p.country, p.bot?.difficulty ?? null])).toEqual([
      ['bot-1', G, 'normal'],
      ['b', P, null],
    ]);
    expect(whoseTurn(s.game)).toBe(turn);
  });

  it('remove-seat refuses a bot of another country, a bot seat, and a bot before the start', () => {
    const wrong = lobby();
    wrong.add('game-action', { id: 'start', info: {} });
    wrong.add(
      'moderation',
      {
        action: 'remove-seat',
        playerId: 'a',
        reason: 'x',
        bot: { id: 'bot-1', name: 'Bot', country: P, bot: { difficulty: 'easy' } },
      },
      'moderator',
    );
    expect(errorOf(wrong.events)?.code).toBe('bad_log');

    const early = lobby();
    early.add(
      'moderation',
      {
        action: 'remove-seat',
        playerId: 'a',
        reason: 'x',
        bot: { id: 'bot-1', name: 'Bot', country: G, bot: { difficulty: 'easy' } },
      },
      'moderator',
    );
    expect(errorOf(early.events)?.code).toBe('bad_log');
  });

  it('mute changes nothing the fold keeps', () => {
    const { events, add } = lobby();
    const before = stateHash(stateOf(events));
    add(
      'moderation',
      { action: 'mute', playerId: 'b', until: '2026-01-01T01:00:00.000Z', reason: 'spam' },
      'moderator',
    );
    const s = stateOf(events);
    expect(s.seq).toBe(6);
    expect(stateHash({ ...s, seq: 5 })).toBe(before);
  });

  it('a malformed moderation payload is refused with the seq', () => {
    const { events, add } = lobby();
    add('moderation', { action: 'explode', reason: 'x' } as never, 'moderator');
    expect(errorOf(events)).toMatchObject({ code: 'bad_log', seq: 6 });
  });
});
