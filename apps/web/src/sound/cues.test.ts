/** Tests of sound/cues.ts: which sound an action makes, and which steps of a session make one. */
import {
  actable,
  applyLegal,
  fightOutcome,
  LANDMARK,
  moveableTiles,
  whoseTurn,
  type GameData,
  type MoveUnitInfo,
  type PlayableCountry,
} from '@four-banners/engine';
import type { Ack } from '@four-banners/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../game/session';
import { OnlineSession } from '../online/online-session';
import { ALICE, BOB, act, startedLog, stateOf, throughBotTurn } from '../../test/fixtures/online-lobby-log';
import { createLimiter, cueOfAction, cuesForUpdate, type SoundCue } from './cues';

const PACE = { action: 100, turn: 200 };

function online(log: ReturnType<typeof startedLog>, me = ALICE) {
  return new OnlineSession(stateOf(log), log, {
    playerId: me,
    pace: () => PACE,
    send: async (): Promise<Ack> => ({ ok: true }),
  });
}

/** Follows `session` the way the sound controller does: the cues of each snapshot it emits. */
function listen(session: OnlineSession, me = ALICE) {
  const heard: SoundCue[][] = [];
  let shown: SessionSnapshot | null = session.getSnapshot();
  session.subscribe(() => {
    const next = session.getSnapshot();
    const cues = cuesForUpdate(shown, next, me);
    shown = next;
    if (cues.length > 0) heard.push(cues);
  });
  return heard;
}

/** A tile where `country` may raise a banner now. */
function bannerSpot(g: GameData, country: PlayableCountry): { x: number; y: number } {
  const t = g.tiles.find((t) => actable(g, { id: 'place_banner', info: { country, x: t.pos.x, y: t.pos.y } }).ok);
  if (!t) throw new Error('no banner spot');
  return t.pos;
}

/** Alice's second turn: the unit she raised on her first can act now. */
function started(): GameData {
  const log = startedLog();
  const raised = act(log, ALICE, { id: 'place_banner', info: { country: 0, ...bannerSpot(stateOf(log).game, 0) } });
  return stateOf(throughBotTurn(raised)).game;
}

/** The mover's unit and an empty tile it may step onto, with `dress` applied to that tile. */
function stepFor(
  g: GameData,
  dress: (g: GameData, i: number) => GameData,
): { game: GameData; info: MoveUnitInfo; mover: PlayableCountry } {
  const mover = whoseTurn(g) as PlayableCountry;
  for (const t of g.tiles) {
    if (t.unit?.id !== mover) continue;
    const to = moveableTiles(g, t.pos, mover).find((p) => !g.tiles[p.x + p.y * g.width]!.unit);
    if (to) return { game: dress(g, to.x + to.y * g.width), info: { country: mover, from: t.pos, to }, mover };
  }
  throw new Error('no unit can step');
}

const withTile = (g: GameData, i: number, patch: object): GameData => ({
  ...g,
  tiles: g.tiles.map((t, j) => (j === i ? { ...t, ...patch } : t)),
});

describe('which sound an action makes', () => {
  it('raising a banner sounds a banner; passing is silent', () => {
    const g = stateOf(startedLog()).game;
    const raise = { id: 'place_banner', info: { country: 0, ...bannerSpot(g, 0) } } as const;
    expect(cueOfAction(g, applyLegal(g, raise, 1), raise, 1, [0])).toBe('banner');
    const pass = { id: 'next_turn', info: { country: 0 } } as const;
    expect(cueOfAction(g, applyLegal(g, pass, 1), pass, 1, [0])).toBeNull();
  });

  it('a step onto an empty tile is a move; onto a chest it is a chest', () => {
    const plain = stepFor(started(), (g) => g);
    const move = { id: 'move_unit', info: plain.info } as const;
    expect(cueOfAction(plain.game, applyLegal(plain.game, move, 1), move, 1, [plain.mover])).toBe('move');

    const chest = stepFor(started(), (g, i) => withTile(g, i, { landmark: LANDMARK.chest }));
    const open = { id: 'move_unit', info: chest.info } as const;
    const after = applyLegal(chest.game, open, 1);
    expect(after.countries.find((c) => c.id === chest.mover)!.banners).toBeGreaterThan(
      chest.game.countries.find((c) => c.id === chest.mover)!.banners,
    );
    // Someone else's chest sounds the same: it is news for everyone.
    expect(cueOfAction(chest.game, after, open, 1, [])).toBe('chest');
  });

  it("a fight is won or lost from this device's side, and a neutral clash for a fight it is not in", () => {
    const base = started();
    const defender = base.countries.map((c) => c.id).find((c) => c !== whoseTurn(base)) as PlayableCountry;
    const { game, info, mover } = stepFor(base, (g, i) =>
      withTile(g, i, { unit: { id: defender, attacked: false, moved: false } }),
    );
    const attack = { id: 'move_unit', info } as const;
    const seeds = Array.from({ length: 200 }, (_, i) => i);
    const won = seeds.find((s) => fightOutcome(game, info, s)?.won === true)!;
    const lost = seeds.find((s) => fightOutcome(game, info, s)?.won === false)!;
    expect(won).toBeDefined();
    expect(lost).toBeDefined();
    const after = (seed: number) => applyLegal(game, attack, seed);
    const table: [PlayableCountry[], number, SoundCue][] = [
      [[mover], won, 'fight-won'],
      [[mover], lost, 'fight-lost'],
      [[defender], won, 'fight-lost'],
      [[defender], lost, 'fight-won'],
      [[], won, 'clash'],
      [[], lost, 'clash'],
    ];
    for (const [mine, seed, cue] of table)
      expect(cueOfAction(game, after(seed), attack, seed, mine), `${mine} seed ${seed}`).toBe(cue);
  });
});

describe('which steps of a session make a sound', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a session just opened plays nothing for the history it holds', () => {
    const log = throughBotTurn(startedLog());
    const session = online(log);
    expect(cuesForUpdate(null, session.getSnapshot(), ALICE)).toEqual([]);
  });

  it('a snapshot that did not change (a refused click) plays nothing (ARCHITECTURE §7.5)', () => {
    const session = online(startedLog());
    const heard = listen(session);
    const snap = session.getSnapshot();
    expect(session.act({ id: 'place_banner', info: { country: 0, x: 99, y: 99 } })).toBe(false);
    expect(session.act({ id: 'next_turn', info: { country: 1 } })).toBe(false);
    expect(cuesForUpdate(snap, session.getSnapshot(), ALICE)).toEqual([]);
    expect(heard).toEqual([]);
  });

  it("the bot's actions sound one by one as they are shown, then this device's turn", () => {
    const log = startedLog();
    const session = online(log, BOB);
    session.resume();
    const heard = listen(session, BOB);
    const full = throughBotTurn(log);
    const botActions = full
      .slice(log.length + 2)
      .filter((e) => e.kind === 'game-action' && e.payload.id !== 'next_turn').length;
    for (const e of full.slice(log.length)) session.receive(e);
    vi.runAllTimers();
    // Bob's turn comes after Alice's pass, before the bot moves.
    expect(heard[0]).toEqual(['your-turn']);
    expect(heard.every((cues) => cues.length <= 2)).toBe(true);
    const actionCues = heard.flat().filter((c) => c !== 'your-turn');
    expect(actionCues.length).toBe(botActions);
  });

  it('a batch shown at once makes one action sound and the turn sound, not a burst', () => {
    const log = startedLog();
    const session = online(log);
    session.resume();
    const full = throughBotTurn(log);
    for (const e of full.slice(log.length)) session.receive(e);
    const heard = listen(session);
    // Space: every received bot move is shown in one go.
    session.skipBots();
    expect(whoseTurn(session.getSnapshot().lobby.game)).toBe(0);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toHaveLength(2);
    expect(heard[0]![0]).not.toBe('your-turn');
    expect(heard[0]![1]).toBe('your-turn');
  });

  it('a resync that replaced the state plays no old sounds', () => {
    const log = startedLog();
    const session = online(log);
    const heard = listen(session);
    const full = throughBotTurn(log);
    // The snapshot answer: the state at the end, with none of the events that led there.
    session.replace(stateOf(full), []);
    expect(heard).toEqual([]);
  });

  it('events that do not fold onto what was shown make no sound', () => {
    const log = startedLog();
    const prev = online(log).getSnapshot();
    const full = throughBotTurn(log);
    const next = online(full).getSnapshot();
    // Contiguous seqs, but the first is not an action that follows from what was shown.
    const events = full.filter((e) => e.seq > prev.lobby.seq);
    const first = events[0]!;
    if (first.kind !== 'game-action') throw new Error('expected a game action');
    const forged: SessionSnapshot = {
      ...next,
      events: [{ ...first, payload: { id: 'next_turn', info: { country: 2 } } }, ...events.slice(1)],
    };
    expect(forged.events.length).toBe(next.lobby.seq - prev.lobby.seq);
    expect(cuesForUpdate(prev, forged, ALICE)).toEqual([]);
  });

  it("the game's end sounds won or lost instead of a turn", () => {
    const snap = online(startedLog()).getSnapshot();
    const before: SessionSnapshot = { ...snap, active: null };
    expect(cuesForUpdate(before, { ...snap, outcome: 'win' }, ALICE)).toEqual(['game-won']);
    expect(cuesForUpdate(before, { ...snap, active: null, outcome: 'lost' }, ALICE)).toEqual(['game-lost']);
    expect(cuesForUpdate(before, snap, ALICE)).toEqual(['your-turn']);
  });
});

describe('a few sounds a second at most', () => {
  it('a burst of action sounds is cut after three, and refills over time', () => {
    const limiter = createLimiter(4, 3);
    const allowed = Array.from({ length: 10 }, () => limiter.allow('move', 1000)).filter(Boolean).length;
    expect(allowed).toBe(3);
    expect(limiter.allow('move', 1100)).toBe(false);
    expect(limiter.allow('move', 1260)).toBe(true);
  });

  it("the turn and the game's end always sound", () => {
    const limiter = createLimiter(4, 3);
    for (let i = 0; i < 5; i++) limiter.allow('clash', 0);
    expect(limiter.allow('your-turn', 0)).toBe(true);
    expect(limiter.allow('game-won', 0)).toBe(true);
  });
});
