import {
  LANDMARK,
  TILE_TYPE,
  foldTo,
  type GameData,
  type LobbyEvent,
  type PlayableCountry,
} from '@four-banners/engine';
import { loggedBotGame } from '@four-banners/engine/runner';
import { describe, expect, it } from 'vitest';
import { createReplay } from '../replay/replay-model';
import { partsText } from './fight-words';
import { DEVICE_PLAYER_ID } from './seats';
import {
  changedTiles,
  earlierLogNeeded,
  quiet,
  sinceLines,
  sinceSummary,
  sinceYourTurn,
  type SinceReport,
} from './since-your-turn';

/**
 * A real game: this device's person on green and a hot-seat friend on red, against two hard bots, every
 * turn played by the engine's bots (green's an easy one, red's a normal one) and logged as a server logs it.
 */
const log = loggedBotGame({
  lobbyId: 'SINCE1',
  adminId: DEVICE_PLAYER_ID,
  w: 9,
  h: 9,
  seed: 17,
  players: [
    { id: DEVICE_PLAYER_ID, name: 'Ada', country: 0 },
    { id: 'bot-1', name: '', country: 1, bot: { difficulty: 'hard' } },
    { id: 'local-2', name: 'Bea', country: 2, local: { ownerId: DEVICE_PLAYER_ID } },
    { id: 'bot-3', name: '', country: 3, bot: { difficulty: 'hard' } },
  ],
  difficulty: (c) => (['easy', 'hard', 'normal', 'hard'] as const)[c],
  startSeed: 3,
  turnSeed: (turn) => 17 * 7919 + turn,
  at: '2026-01-01T00:00:00.000Z',
}).events;
const replay = createReplay(log);
const gameAt = (seq: number): GameData => replay.frameAt(seq).lobby.game;

interface Start {
  /** The log up to the event that began the turn (what a session holds then). */
  readonly events: readonly LobbyEvent[];
  readonly country: PlayableCountry;
  readonly report: SinceReport | null;
}

/** Every turn start of `country`, with the report the game screen would show then. */
function startsOf(country: PlayableCountry): Start[] {
  return log.flatMap((e, i) => {
    if (e.kind !== 'game-action' || (e.payload.id !== 'next_turn' && e.payload.id !== 'start')) return [];
    const game = gameAt(e.seq);
    if (!game.running || game.turn.type !== country) return [];
    const events = log.slice(0, i + 1);
    return [{ events, country, report: sinceYourTurn({ base: null, events }, country) }];
  });
}

const green = startsOf(0);
const red = startsOf(2);
const reports = [...green, ...red].flatMap((s) => (s.report ? [{ ...s, report: s.report }] : []));

/** The last pass of `country` in `events`. */
const lastPass = (events: readonly LobbyEvent[], country: PlayableCountry) =>
  events.findLast(
    (e) => e.kind === 'game-action' && e.payload.id === 'next_turn' && e.payload.info.country === country,
  )!;

describe('since your turn: what the log says happened to you between your last pass and now', () => {
  it('(this game has every kind of news: tiles both ways, lost units, banners, chests, banner turns, countries out)', () => {
    const all = reports.map((r) => r.report);
    const total = (f: (r: SinceReport) => number) => all.reduce((s, r) => s + f(r), 0);
    for (const count of [
      total((r) => r.lost.length),
      total((r) => r.gained.length),
      total((r) => r.attacks.filter((f) => f.won).length),
      total((r) => r.attacks.filter((f) => !f.won).length),
      total((r) => r.bannersLost.length),
      total((r) => r.bannersWon.length),
      total((r) => r.chestsAppeared.length),
      total((r) => r.chestsOpened.length),
      total((r) => r.bannerTurns),
      total((r) => r.out.length),
    ])
      expect(count).toBeGreaterThan(0);
  });

  it('has nothing to tell on your first turn (there is no last turn)', () => {
    expect(green[0]!.report).toBeNull();
    expect(red[0]!.report).toBeNull();
    expect(reports.length).toBeGreaterThan(20);
  });

  it('covers the events from your last pass to the start of this turn, per hot-seat player', () => {
    for (const { events, country, report } of reports) {
      expect(report.country).toBe(country);
      expect(report.fromSeq).toBe(lastPass(events, country).seq);
      expect(report.toSeq).toBe(events.at(-1)!.seq);
    }
  });

  it('tiles lost and gained are the ownership changes between the two states, with the other country', () => {
    let lost = 0;
    let gained = 0;
    for (const { report } of reports) {
      const then = gameAt(report.fromSeq);
      const now = gameAt(report.toSeq);
      const me = report.country;
      const expectedLost = now.tiles.filter((t, k) => then.tiles[k]!.owner === me && t.owner !== me);
      const expectedGained = now.tiles.filter((t, k) => then.tiles[k]!.owner !== me && t.owner === me);
      expect(report.lost).toEqual(expectedLost.map((t) => ({ at: t.pos, other: t.owner })));
      expect(report.gained).toEqual(
        expectedGained.map((t) => ({ at: t.pos, other: then.tiles[t.pos.x + t.pos.y * then.width]!.owner })),
      );
      lost += report.lost.length;
      gained += report.gained.length;
    }
    expect(lost).toBeGreaterThan(0);
    expect(gained).toBeGreaterThan(0);
  });

  it('lists every attack on your units in the window, as the replay has them, and the units it cost', () => {
    let units = 0;
    for (const { report } of reports) {
      const expected = replay.fights.filter(
        (f) => f.defender === report.country && f.seq > report.fromSeq && f.seq <= report.toSeq,
      );
      expect(report.attacks).toEqual(expected);
      for (const f of report.attacks.filter((a) => a.won)) {
        units++;
        // The unit is gone from its tile: the attacker stands there now.
        expect(gameAt(f.seq).tiles[f.to.x + f.to.y * gameAt(f.seq).width]!.unit?.id).toBe(f.attacker);
      }
    }
    expect(units).toBeGreaterThan(0);
  });

  it('names banner tiles taken or unsettled, on whichever side, by the country whose turn start did it (RULES §3.4)', () => {
    for (const { report } of reports) {
      const then = gameAt(report.fromSeq);
      const now = gameAt(report.toSeq);
      for (const b of [...report.bannersLost, ...report.bannersWon]) {
        const k = b.at.x + b.at.y * now.width;
        expect(then.tiles[k]!.landmark).toBe(LANDMARK.banner);
        if (b.what === 'taken') expect(now.tiles[k]!.owner).toBe(b.by);
        else expect(now.tiles[k]!.type).toBe(TILE_TYPE.nomad);
      }
      for (const b of report.bannersLost) expect(b.owner).toBe(report.country);
      for (const b of report.bannersWon) expect(b.by).toBe(report.country);
    }
  });

  it('tells of chests, banner turns and countries out exactly as the feed told them', () => {
    for (const { report } of reports) {
      const news = replay.events
        .filter((e) => e.seq > report.fromSeq && e.seq <= report.toSeq)
        .flatMap((e) => replay.frameAt(e.seq).words.news);
      expect(report.bannerTurns).toBe(news.filter((n) => n.text.startsWith('Banner turn')).length);
      expect(report.chestsAppeared.length).toBe(news.filter((n) => n.text.startsWith('Chest turn')).length);
      expect(report.chestsOpened.map((c) => c.by)).toEqual(
        news.filter((n) => n.text.startsWith('opened a chest')).map((n) => n.country),
      );
      expect(report.out.map((o) => o.country)).toEqual(
        news.filter((n) => n.text === 'is out of the game').map((n) => n.country),
      );
    }
  });

  it('the same report from the game right after your pass (the session’s checkpoint) as from folding the log', () => {
    for (const { events, country, report } of reports) {
      const seq = report.fromSeq;
      const folded = foldTo(events, seq);
      if (!folded.ok) throw new Error(folded.error.message);
      expect(sinceYourTurn({ base: null, events }, country, { seq, game: folded.value.game })).toEqual(report);
      // An online log that begins after your pass (a snapshot was sent) has nothing to tell on its own: it
      // asks for the events through its start, and with them the report is the same.
      const later = events.findIndex((e) => e.seq > seq);
      if (later < 0) continue; // the country passed and its turn came straight back: nothing between
      const base = foldTo(events, events[later]!.seq);
      if (!base.ok) throw new Error(base.error.message);
      const window = { base: base.value, events: events.slice(later + 1) };
      expect(sinceYourTurn(window, country)).toBeNull();
      expect(earlierLogNeeded(window, country)).toBe(events[later]!.seq);
      const earlier = events.slice(0, later + 1);
      expect(sinceYourTurn({ base: null, events: [...earlier, ...window.events] }, country)).toEqual(report);
    }
  });

  it('asks for earlier events only when the window starts after the lobby began and lacks your pass', () => {
    for (const { events, country, report } of reports) {
      expect(earlierLogNeeded({ base: null, events }, country)).toBeNull();
      const at = events.findIndex((e) => e.seq === report.fromSeq);
      const base = foldTo(events, events[at - 1]!.seq);
      if (!base.ok) throw new Error(base.error.message);
      // The window holds the pass: the report comes from it alone.
      expect(earlierLogNeeded({ base: base.value, events: events.slice(at) }, country)).toBeNull();
    }
    // Your first turn after the snapshot of a lobby whose log has no pass of yours yet asks once, and then
    // has nothing to tell (there is no last turn).
    const first = green[0]!;
    const base = foldTo(first.events, first.events.at(-1)!.seq);
    if (!base.ok) throw new Error(base.error.message);
    expect(earlierLogNeeded({ base: base.value, events: [] }, 0)).toBe(first.events.at(-1)!.seq);
    expect(sinceYourTurn({ base: null, events: first.events }, 0)).toBeNull();
  });

  it('mid-turn (a reload after acting), still stops where your turn began', () => {
    const at = log.findIndex(
      (e, i) =>
        i > 200 &&
        e.kind === 'game-action' &&
        e.payload.id === 'move_unit' &&
        e.payload.info.country === 0 &&
        log[i - 1]!.kind === 'game-action',
    );
    const events = log.slice(0, at + 3);
    const report = sinceYourTurn({ base: null, events }, 0)!;
    const firstOwn = events.findIndex(
      (e) =>
        e.seq > report.fromSeq &&
        e.kind === 'game-action' &&
        'country' in e.payload.info &&
        e.payload.info.country === 0,
    );
    expect(report.toSeq).toBe(events[firstOwn - 1]!.seq);
  });
});

describe('since your turn in words', () => {
  it('says each loss and gain with its country, and every attack on you in the fight sentence', () => {
    for (const { report } of reports) {
      const lines = sinceLines(report).map((l) => partsText(l.parts));
      for (const f of report.attacks)
        expect(lines).toContain(partsText([...sinceLines({ ...report, attacks: [f] })].at(-1)!.parts));
      const lostTo = new Set(report.lost.map((t) => t.other));
      for (const c of lostTo) {
        const count = report.lost.filter((t) => t.other === c).length;
        expect(lines).toContain(
          `Lost ${count} ${count === 1 ? 'tile' : 'tiles'} to ${['Green', 'Purple', 'Red', 'Yellow'][c]}`,
        );
      }
    }
  });

  it('the fight lines read as the fight sentence with its tiles', () => {
    const withAttack = reports.find((r) => r.report.attacks.length > 0)!.report;
    const f = withAttack.attacks[0]!;
    const line = sinceLines(withAttack).find((l) => partsText(l.parts).includes(`at (${f.to.x}, ${f.to.y}) from`))!;
    expect(partsText(line.parts)).toMatch(
      /^(Green|Purple|Red|Yellow) attacked (Green|Purple|Red|Yellow) at \(\d+, \d+\) from \(\d+, \d+\): .+ vs .+ — (Green|Purple|Red|Yellow) (won|held)$/,
    );
  });

  it('when nothing happened, says so in one line', () => {
    const calm = reports.find((r) => quiet(r.report))!;
    expect(calm).toBeDefined();
    expect(sinceLines(calm.report)).toEqual([]);
    expect(sinceSummary(calm.report)).toBe('Nothing happened to you');
  });

  it('sums up losses, gains and attacks held in one line', () => {
    for (const { report } of reports) {
      const summary = sinceSummary(report);
      const units = report.attacks.filter((f) => f.won).length;
      if (report.lost.length > 0) expect(summary).toContain(`${report.lost.length} tile`);
      if (units > 0) expect(summary).toContain(`${units} unit`);
      if (report.gained.length > 0) expect(summary).toMatch(new RegExp(`[Gg]ained ${report.gained.length} tile`));
    }
  });
});

describe('the tiles marked on the board', () => {
  it('are the tiles lost or gained, banner tiles changed and where units were lost, each once, a loss first', () => {
    for (const { report } of reports) {
      const width = gameAt(report.toSeq).width;
      const marks = changedTiles(report, width);
      const keys = marks.map((m) => m.x + m.y * width);
      expect(new Set(keys).size).toBe(keys.length);
      expect([...keys].sort((a, b) => a - b)).toEqual(keys);
      const kind = (p: { x: number; y: number }) => marks.find((m) => m.x === p.x && m.y === p.y)?.kind;
      for (const t of report.lost) expect(kind(t.at)).toBe('lost');
      for (const f of report.attacks.filter((a) => a.won)) expect(kind(f.to)).toBe('lost');
      for (const t of report.gained) expect(kind(t.at)).toBeDefined();
    }
  });
});
