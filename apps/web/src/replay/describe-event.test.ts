/** Tests of replay/describe-event.ts: lobby events and game actions in words. */
import {
  MODERATOR_ACTOR,
  foldFrom,
  isGameOver,
  serializeGame,
  type LobbyEvent,
  type ModerationPayload,
  type NewLobbyEvent,
  type Player,
} from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { countryLabel } from '../art/art';
import { append } from '../game/offline-log';
import { REMOVED_MESSAGE } from '../game/moderation-words';
import { act, ALICE, BOB, startedLog } from '../../test/fixtures/online-lobby-log';
import { describeEvent, wordsText } from './describe-event';
import { createReplay } from './replay-model';
import { botGameLog } from '../../test/fixtures/bot-game-logs';

const AT = new Date('2026-01-01T00:00:00Z');

/** The words of the last event of `log` once `event` is appended to it. */
function wordsAfter(log: readonly LobbyEvent[], event: NewLobbyEvent): string {
  const next = append(log, event, AT);
  const before = foldFrom(null, log);
  const after = foldFrom(null, next);
  if (!before.ok || !after.ok) throw new Error('the test log does not fold');
  return wordsText(describeEvent(next[next.length - 1]!, before.value, after.value, null));
}

describe('lobby events in words', () => {
  const log = startedLog().slice(0, -1); // Alice, Bob and a hard bot seated; a chat line; not started

  it('names who joined, as which colour, with the seat labels of ARCHITECTURE §7.4', () => {
    // A lobby that has not started opens at its first event, so every seq can be shown.
    const replay = createReplay(log);
    expect(log.map((e) => wordsText(replay.frameAt(e.seq).words))).toEqual([
      'Lobby created · map 7×7',
      'Alice joined as Green',
      'Bob joined as Purple',
      'Hard Bot joined as Red',
      'Alice wrote: “hello”',
    ]);
    expect(
      wordsAfter(log, {
        kind: 'player-joined',
        actor: 'carol',
        seed: null,
        payload: { player: { id: 'carol', name: 'Carol', country: -1 } },
      }),
    ).toBe('Carol joined');
  });

  it('a chat line blanked for spectators still says someone wrote', () => {
    expect(wordsAfter(log, { kind: 'chat', actor: 'bob', seed: null, payload: { playerId: 'bob', msg: '' } })).toBe(
      'Bob wrote a message',
    );
  });

  it('leaving, being removed, changing colour, map settings, admin and closing', () => {
    expect(
      wordsAfter(log, { kind: 'player-left', actor: 'bob', seed: null, payload: { playerId: 'bob', by: 'bob' } }),
    ).toBe('Bob left');
    expect(
      wordsAfter(log, { kind: 'player-left', actor: 'alice', seed: null, payload: { playerId: 'bob', by: 'alice' } }),
    ).toBe('Bob was removed');
    expect(
      wordsAfter(log, { kind: 'country-changed', actor: 'bob', seed: null, payload: { playerId: 'bob', country: 3 } }),
    ).toBe('Bob takes Yellow');
    expect(
      wordsAfter(log, { kind: 'country-changed', actor: 'bob', seed: null, payload: { playerId: 'bob', country: -1 } }),
    ).toBe('Bob gave up their colour');
    expect(wordsAfter(log, { kind: 'lobby-updated', actor: 'alice', seed: null, payload: { w: 12, h: 9 } })).toBe(
      'Map 12×9',
    );
    expect(wordsAfter(log, { kind: 'lobby-updated', actor: 'alice', seed: null, payload: { seed: 4 } })).toBe(
      'New map',
    );
    expect(wordsAfter(log, { kind: 'lobby-updated', actor: 'server', seed: null, payload: { adminId: 'bob' } })).toBe(
      'Bob is the admin now',
    );
    expect(
      wordsAfter(log, {
        kind: 'lobby-updated',
        actor: 'server',
        seed: null,
        payload: { online: false, reason: 'idle' },
      }),
    ).toBe('The lobby closed: nobody played for a long time');
    expect(
      wordsAfter(log, {
        kind: 'lobby-updated',
        actor: 'server',
        seed: null,
        payload: { online: false, reason: 'turn_limit' },
      }),
    ).toBe('The lobby closed: the turn limit was reached');
  });
});

describe('game actions in words', () => {
  const game = botGameLog({ countries: 4, w: 10, h: 10, difficulty: 'easy', seed: 7 });
  const replay = createReplay(game);
  const frames = game.filter((e) => e.seq >= replay.startSeq).map((e) => ({ event: e, frame: replay.frameAt(e.seq) }));
  const actions = frames.filter(
    (f): f is typeof f & { event: Extract<LobbyEvent, { kind: 'game-action' }> } => f.event.kind === 'game-action',
  );

  it('the start says the game started and whose turn it is', () => {
    expect(wordsText(actions[0]!.frame.words)).toBe("Game started · Turn 1: Green's turn");
    expect(actions[0]!.frame.words.tone).toBe('start');
  });

  it('a fight says who attacked whom and where, the sum with the modifier on the side it favours, and who won (RULES §4.4)', () => {
    const fights = actions.filter((f) => f.frame.words.tone === 'fight');
    expect(fights.length).toBeGreaterThan(20);
    expect(fights.some((f) => f.frame.fight!.won)).toBe(true);
    expect(fights.some((f) => !f.frame.fight!.won)).toBe(true);
    for (const { event, frame } of fights) {
      if (event.payload.id !== 'move_unit') throw new Error('a fight is a move');
      const fight = frame.fight!;
      expect(fight.seq).toBe(event.seq);
      const { from, to } = event.payload.info;
      const text = wordsText(frame.words);
      const a = countryLabel(fight.attacker);
      const d = countryLabel(fight.defender);
      const m = fight.war + fight.bonus;
      // Easy bots fight with no bonus: the one extra number is the modifier, on the side it favours.
      const attackSide = m > 0 ? `${fight.attackRoll} + ${m}` : `${fight.attackRoll}`;
      const defendSide = m < 0 ? `${fight.defendRoll} + ${-m}` : `${fight.defendRoll}`;
      expect(text).toBe(
        `${a} attacked ${d} at (${to.x}, ${to.y}) from (${from.x}, ${from.y}): ${attackSide} vs ${defendSide} — ${fight.won ? `${a} won` : `${d} held`}`,
      );
      expect(fight.result).toBe(fight.attackRoll - fight.defendRoll + fight.war + fight.bonus);
      // The bigger side is the one that won; a tie is the defender's.
      expect(fight.attackRoll + Math.max(m, 0) > fight.defendRoll + Math.max(-m, 0)).toBe(fight.won);
      // The feed's line for the same fight would only say it again.
      expect(frame.words.news).toEqual([]);
    }
  });

  it('a move gives where from and where to; a chest picked up says so in the feed’s words', () => {
    const moves = actions.filter((f) => f.frame.words.tone === 'move');
    expect(moves.length).toBeGreaterThan(20);
    for (const { event, frame } of moves) {
      if (event.payload.id !== 'move_unit') throw new Error('a move is move_unit');
      const { country, from, to } = event.payload.info;
      expect(
        wordsText(frame.words).startsWith(`${countryLabel(country)} moves (${from.x}, ${from.y}) → (${to.x}, ${to.y})`),
      ).toBe(true);
    }
    expect(moves.some((m) => wordsText(m.frame.words).endsWith('opened a chest: +1 banner'))).toBe(true);
  });

  it('a banner gives where it was raised', () => {
    const banners = actions.filter((f) => f.event.payload.id === 'place_banner');
    expect(banners.length).toBeGreaterThan(3);
    for (const { event, frame } of banners) {
      if (event.payload.id !== 'place_banner') throw new Error('unreachable');
      const { country, x, y } = event.payload.info;
      expect(wordsText(frame.words)).toBe(`${countryLabel(country)} raises a banner at (${x}, ${y})`);
      expect(frame.words.tone).toBe('banner');
    }
  });

  it('passing says whose turn ended and whose begins, a country out, banner and chest turns, and the winner', () => {
    const passes = actions.filter((f) => f.event.payload.id === 'next_turn');
    for (const { frame } of passes) {
      expect(wordsText(frame.words)).toMatch(/^(Green|Purple|Red|Yellow)'s turn ends · /);
      const game = frame.lobby.game;
      if (!isGameOver(game))
        expect(wordsText(frame.words)).toContain(`Turn ${game.turn.count}: ${countryLabel(game.turn.type)}'s turn`);
    }
    const all = passes.map((p) => wordsText(p.frame.words));
    expect(all.some((t) => t.includes('is out of the game'))).toBe(true);
    expect(all.some((t) => t.endsWith('Banner turn: everyone gets 1 banner'))).toBe(true);
    expect(all.some((t) => t.endsWith('Chest turn: a chest appeared'))).toBe(true);
    const last = passes[passes.length - 1]!;
    expect(isGameOver(last.frame.lobby.game)).toBe(true);
    expect(last.frame.words.tone).toBe('end');
    expect(wordsText(last.frame.words)).toMatch(/ · (Green|Purple|Red|Yellow) wins the game/);
  });

  it('every event of the game has words, and countries are kept as ids for colouring', () => {
    for (const { frame } of frames) expect(wordsText(frame.words).length).toBeGreaterThan(5);
    const fight = actions.find((f) => f.frame.words.tone === 'fight')!;
    expect(fight.frame.words.parts[0]).toEqual({ country: fight.frame.fight!.attacker });
    expect(fight.frame.words.country).toBe(fight.frame.fight!.attacker);
  });
});

describe('a country removed from a running game in words', () => {
  it('says it left and whose turn it is now, without the feed saying it again', () => {
    const log = act(startedLog(), ALICE, { id: 'remove_country', info: { country: 0 } });
    const frame = createReplay(log).frameAt(log.length);
    const { words, lobby } = frame;
    // With Green gone, turn 2 goes to the country the turn order gives it now.
    expect(wordsText(words)).toBe(`Green left the game · Turn 2: ${countryLabel(lobby.game.turn.type)}'s turn`);
    expect(lobby.game.countries.map((c) => c.id)).toEqual([1, 2]);
    expect(words.tone).toBe('turn');
  });
});

describe('a loaded save in words', () => {
  it('says a saved game was loaded and at which turn', () => {
    const played = botGameLog({ countries: 2, w: 5, h: 5, difficulty: 'hard', seed: 7, maxEvents: 40 });
    const saved = foldFrom(null, played);
    if (!saved.ok) throw new Error(saved.error.message);
    const lobby = startedLog().slice(0, -1);
    const text = wordsAfter(lobby, {
      kind: 'state-loaded',
      actor: 'alice',
      seed: null,
      payload: { state: serializeGame(saved.value.game) },
    });
    expect(text).toBe(`A saved game was loaded (turn ${saved.value.game.turn.count})`);
  });
});

describe('moderation in words (PROTOCOL §4.9)', () => {
  const moderation = (payload: ModerationPayload): NewLobbyEvent => ({
    kind: 'moderation',
    actor: MODERATOR_ACTOR,
    seed: null,
    payload,
  });

  it('says what a moderator did, to whom, and the reason the players were given', () => {
    const lobby = startedLog().slice(0, -1);
    const running = startedLog();
    expect(wordsAfter(lobby, moderation({ action: 'close', reason: 'abusive names' }))).toBe(
      'A moderator closed the lobby: abusive names',
    );
    expect(wordsAfter(lobby, moderation({ action: 'remove-seat', playerId: BOB, reason: 'spam' }))).toBe(
      'A moderator removed Bob (spam)',
    );
    const bot: Player = { id: 'bot-2', name: 'Normal Bot', country: 1, bot: { difficulty: 'normal' } };
    expect(wordsAfter(running, moderation({ action: 'remove-seat', playerId: BOB, reason: 'spam', bot }))).toBe(
      'A moderator removed Bob: a bot plays on (spam)',
    );
    expect(wordsAfter(lobby, moderation({ action: 'remove-chat', seq: 5, reason: 'insult' }))).toBe(
      "A moderator removed Alice's message (insult)",
    );
    expect(
      wordsAfter(
        lobby,
        moderation({ action: 'mute', playerId: ALICE, until: '2026-01-01T14:05:00.000Z', reason: 'flood' }),
      ),
    ).toBe('A moderator muted Alice until 2026-01-01 14:05 UTC (flood)');
  });

  it('a removed chat message reads as removed in the replay, never with its text, also in a replay made before the removal', () => {
    const log = startedLog().slice(0, -1);
    const early = createReplay(log);
    expect(wordsText(early.frameAt(5).words)).toBe('Alice wrote: “hello”');
    const removed = append(log, moderation({ action: 'remove-chat', seq: 5, reason: 'insult' }), AT);
    const later = early.extend(removed);
    expect(later).not.toBeNull();
    expect(wordsText(later!.frameAt(5).words)).toBe(`Alice: ${REMOVED_MESSAGE}`);
    expect(wordsText(createReplay(removed).frameAt(5).words)).toBe(`Alice: ${REMOVED_MESSAGE}`);
  });
});
