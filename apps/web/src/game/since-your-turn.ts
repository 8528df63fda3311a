/**
 * "Since your turn": what happened to a country between the end of its last turn (its last `next_turn`)
 * and the start of this one, read from the log and folded with the engine: tiles lost and gained, units
 * lost and where, the fights against it, banners taken or unsettled, chests, banner turns, countries out.
 * It says what the log says and nothing else; the words are in `sinceLines` and `sinceSummary`.
 */
import {
  LANDMARK,
  TILE_TYPE,
  applyLegal,
  foldFrom,
  isCountryTurn,
  type GameData,
  type LobbyEvent,
  type LobbyState,
  type PlayableCountry,
  type Pos,
} from '@four-banners/engine';
import { describeAction, type FightView } from './action-view';
import { fightSentence, type FightPart } from './fight-words';

/** A tile that changed hands, with the other country (the new owner of a lost tile, the old one of a gained tile). */
export interface TileChange {
  readonly at: Pos;
  readonly other: number;
}

/** A banner tile that changed, and the country whose turn start changed it (RULES §3.4). */
export interface BannerChange {
  readonly at: Pos;
  readonly by: PlayableCountry;
  /** Its owner before. */
  readonly owner: number;
  /** 'taken': it changed hands; 'unsettled': it turned Nomad and raises no more units. */
  readonly what: 'taken' | 'unsettled';
}

export interface SinceReport {
  readonly country: PlayableCountry;
  /** The seq of the pass the report starts after, and of the last event it covers. */
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly lost: readonly TileChange[];
  readonly gained: readonly TileChange[];
  /** Every attack on the country's units, in order (`won`: the attacker won and the unit is lost). */
  readonly attacks: readonly FightView[];
  /** The country's banner tiles that others took or unsettled. */
  readonly bannersLost: readonly BannerChange[];
  /** Others' banner tiles that the country took or unsettled. */
  readonly bannersWon: readonly BannerChange[];
  readonly chestsAppeared: readonly Pos[];
  readonly chestsOpened: readonly { readonly at: Pos; readonly by: PlayableCountry }[];
  /** How many banner turns came round (each gave every country 1 banner, RULES §3.2). */
  readonly bannerTurns: number;
  /** Countries that dropped out (RULES §3.5), or left (RULES §3.6). */
  readonly out: readonly { readonly country: PlayableCountry; readonly left: boolean }[];
}

/** The state the log's events continue from, and the events (a session's snapshot has both). */
export interface LogWindow {
  readonly base: LobbyState | null;
  readonly events: readonly LobbyEvent[];
}

/** The game right after an event, when the caller already has it (a session shows every action with it). */
export interface Checkpoint {
  readonly seq: number;
  readonly game: GameData;
}

const byIndex = (g: GameData) => (a: Pos, b: Pos) => a.x + a.y * g.width - (b.x + b.y * g.width);
const chestTiles = (g: GameData) => g.tiles.filter((t) => t.landmark === LANDMARK.chest).map((t) => t.pos);

/** Whether `e` is an action of `country` (its move, banner or pass). */
export function actionOf(e: LobbyEvent, country: PlayableCountry): boolean {
  if (e.kind !== 'game-action') return false;
  const id = e.payload.id;
  return (id === 'move_unit' || id === 'place_banner' || id === 'next_turn') && e.payload.info.country === country;
}

/** The index in `events` of `country`'s last pass, or -1. */
function lastPass(events: readonly LobbyEvent[], country: PlayableCountry): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === 'game-action' && e.payload.id === 'next_turn' && e.payload.info.country === country) return i;
  }
  return -1;
}

/**
 * The seq through which the events before `log` are needed to tell `country` what happened since its last
 * pass: the seq of the full state the window starts from, when that pass is not in the window (an online
 * game rejoined from a snapshot, PROTOCOL §5.2). Null when the window has the pass or starts at the lobby's
 * first event.
 */
export function earlierLogNeeded(log: LogWindow, country: PlayableCountry): number | null {
  const from = log.base?.seq ?? 0;
  return from > 0 && lastPass(log.events, country) < 0 ? from : null;
}

/**
 * What happened to `country` since its last turn ended: from its last `next_turn` in `log` to its first
 * action after it (or the end of the log). Null when the log holds no pass of it (its first turn, or an
 * online log that begins later), or when the events do not fold. `checkpoint`, the game right after that
 * pass when the caller has it, saves folding the log up to there.
 */
export function sinceYourTurn(
  log: LogWindow,
  country: PlayableCountry,
  checkpoint?: Checkpoint | null,
): SinceReport | null {
  const { events } = log;
  const pass = lastPass(events, country);
  if (pass < 0) return null;
  const passEvent = events[pass]!;
  let start: GameData;
  if (checkpoint && checkpoint.seq === passEvent.seq) start = checkpoint.game;
  else {
    const folded = foldFrom(log.base, events.slice(0, pass + 1));
    if (!folded.ok) return null;
    start = folded.value.game;
  }

  const attacks: FightView[] = [];
  const bannersLost: BannerChange[] = [];
  const bannersWon: BannerChange[] = [];
  const chestsAppeared: Pos[] = [];
  const chestsOpened: { at: Pos; by: PlayableCountry }[] = [];
  const left = new Set<number>();
  let bannerTurns = 0;
  let game = start;
  let toSeq = passEvent.seq;
  for (let i = pass + 1; i < events.length; i++) {
    const e = events[i]!;
    if (actionOf(e, country)) break;
    toSeq = e.seq;
    if (e.kind !== 'game-action') continue;
    const before = game;
    try {
      game = applyLegal(before, e.payload, e.seed);
    } catch {
      return null; // not a log this session folded (a gap): no report rather than a wrong one
    }
    const action = e.payload;
    if (action.id === 'move_unit') {
      const view = describeAction(e.seq, before, game, action, e.seed);
      if (view.fight?.defender === country) attacks.push(view.fight);
      const target = before.tiles[action.info.to.x + action.info.to.y * before.width]!;
      if (target.landmark === LANDMARK.chest && !target.unit)
        chestsOpened.push({ at: target.pos, by: action.info.country });
      continue;
    }
    if (action.id !== 'next_turn' && action.id !== 'remove_country') continue;
    if (action.id === 'remove_country') left.add(action.info.country);
    for (const p of chestTiles(game))
      if (before.tiles[p.x + p.y * before.width]!.landmark !== LANDMARK.chest) chestsAppeared.push(p);
    if (
      before.countries.length > 0 &&
      game.countries.every((c) => c.banners > (before.countries.find((b) => b.id === c.id)?.banners ?? Infinity))
    )
      bannerTurns++;
    // Turn starts (RULES §3.4): the country whose turn began unsettled or took banner tiles.
    const by = game.turn.type;
    if (!isCountryTurn(by)) continue;
    game.tiles.forEach((t, k) => {
      const was = before.tiles[k]!;
      if (t.landmark !== LANDMARK.banner || t === was) return;
      const what =
        t.owner !== was.owner
          ? 'taken'
          : was.type === TILE_TYPE.settled && t.type === TILE_TYPE.nomad
            ? 'unsettled'
            : null;
      if (what === null) return;
      if (was.owner === country && by !== country) bannersLost.push({ at: t.pos, by, owner: was.owner, what });
      if (by === country && was.owner !== country) bannersWon.push({ at: t.pos, by, owner: was.owner, what });
    });
  }

  const lost: TileChange[] = [];
  const gained: TileChange[] = [];
  game.tiles.forEach((t, k) => {
    const was = start.tiles[k]!;
    if (was.owner === country && t.owner !== country) lost.push({ at: t.pos, other: t.owner });
    if (was.owner !== country && t.owner === country) gained.push({ at: t.pos, other: was.owner });
  });
  const out = start.countries
    .filter((c) => !game.countries.some((g) => g.id === c.id) && c.id !== country)
    .map((c) => ({ country: c.id as PlayableCountry, left: left.has(c.id) }));
  return {
    country,
    fromSeq: passEvent.seq,
    toSeq,
    lost,
    gained,
    attacks,
    bannersLost,
    bannersWon,
    chestsAppeared: chestsAppeared.sort(byIndex(game)),
    chestsOpened,
    bannerTurns,
    out,
  };
}

/** Whether nothing at all happened that the report would tell. */
export function quiet(r: SinceReport): boolean {
  return (
    r.lost.length === 0 &&
    r.gained.length === 0 &&
    r.attacks.length === 0 &&
    r.bannersLost.length === 0 &&
    r.bannersWon.length === 0 &&
    r.chestsAppeared.length === 0 &&
    r.chestsOpened.length === 0 &&
    r.bannerTurns === 0 &&
    r.out.length === 0
  );
}

/** A tile of the board that changed for the country: lost (taken, unsettled, a unit killed there) or gained. */
export interface ChangedTile extends Pos {
  readonly kind: 'lost' | 'gained';
}

/** The tiles to mark on the board, each once (a loss wins over a gain on the same tile), in reading order. */
export function changedTiles(r: SinceReport, width: number): ChangedTile[] {
  const marks = new Map<number, ChangedTile>();
  const put = (p: Pos, kind: 'lost' | 'gained') => {
    const k = p.x + p.y * width;
    if (kind === 'gained' && marks.has(k)) return;
    marks.set(k, { x: p.x, y: p.y, kind });
  };
  for (const c of r.gained) put(c.at, 'gained');
  for (const b of r.bannersWon) put(b.at, 'gained');
  for (const c of r.lost) put(c.at, 'lost');
  for (const b of r.bannersLost) put(b.at, 'lost');
  for (const f of r.attacks) if (f.won) put(f.to, 'lost');
  return [...marks.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m);
}

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const at = (p: Pos) => `(${p.x}, ${p.y})`;
const list = (ps: readonly Pos[]) => ps.map(at).join(', ');
const who = (c: number): FightPart => (c >= 0 && c <= 3 ? { country: c as PlayableCountry } : 'nobody');

/** Groups `items` by `key`, keeping the order in which each key first came. */
function groupBy<T>(items: readonly T[], key: (t: T) => number): [number, T[]][] {
  const groups = new Map<number, T[]>();
  for (const t of items) groups.set(key(t), [...(groups.get(key(t)) ?? []), t]);
  return [...groups.entries()];
}

/** One line of the card: its words (countries apart, for colour) and whether it is a loss, a gain or news. */
export interface SinceLine {
  readonly kind: 'lost' | 'gained' | 'news';
  readonly parts: readonly FightPart[];
  /** Set on the line of one attack on you. */
  readonly attack?: true;
}

/** The report in lines: losses first, then gains, then the attacks on you and the news of the map. */
export function sinceLines(r: SinceReport): SinceLine[] {
  const out: SinceLine[] = [];
  for (const [to, tiles] of groupBy(r.lost, (t) => t.other))
    out.push({ kind: 'lost', parts: [`Lost ${n(tiles.length, 'tile', 'tiles')} to `, who(to)] });
  for (const [by, units] of groupBy(
    r.attacks.filter((f) => f.won),
    (f) => f.attacker,
  ))
    out.push({
      kind: 'lost',
      parts: [`Lost ${n(units.length, 'unit', 'units')} to `, who(by), ` at ${list(units.map((f) => f.to))}`],
    });
  for (const b of r.bannersLost)
    out.push({
      kind: 'lost',
      parts:
        b.what === 'taken'
          ? [who(b.by), ` took your banner at ${at(b.at)}`]
          : [who(b.by), ` unsettled your banner at ${at(b.at)}: it raises no more units`],
    });
  for (const [from, tiles] of groupBy(r.gained, (t) => t.other))
    out.push({ kind: 'gained', parts: [`Gained ${n(tiles.length, 'tile', 'tiles')} from `, who(from)] });
  for (const b of r.bannersWon)
    out.push({
      kind: 'gained',
      parts: [`You ${b.what === 'taken' ? 'took' : 'unsettled'} `, who(b.owner), `'s banner at ${at(b.at)}`],
    });
  for (const f of r.attacks) out.push({ kind: f.won ? 'lost' : 'news', parts: fightSentence(f, f), attack: true });
  for (const c of r.chestsOpened)
    out.push({ kind: 'news', parts: [who(c.by), ` opened the chest at ${at(c.at)}: +1 banner`] });
  if (r.chestsAppeared.length > 0)
    out.push({
      kind: 'news',
      parts: [
        r.chestsAppeared.length === 1
          ? `A chest appeared at ${at(r.chestsAppeared[0]!)}`
          : `${r.chestsAppeared.length} chests appeared: ${list(r.chestsAppeared)}`,
      ],
    });
  if (r.bannerTurns > 0)
    out.push({ kind: 'gained', parts: [`Banner turn: you got ${n(r.bannerTurns, 'banner', 'banners')}`] });
  for (const o of r.out)
    out.push({ kind: 'news', parts: [who(o.country), o.left ? ' left the game' : ' is out of the game'] });
  return out;
}

/** The report in one line, for the card's heading and the screen reader: "Lost 3 tiles and 1 unit · gained 2 tiles · 2 attacks held". */
export function sinceSummary(r: SinceReport): string {
  const lostUnits = r.attacks.filter((f) => f.won).length;
  const held = r.attacks.length - lostUnits;
  const losses: string[] = [];
  if (r.lost.length > 0) losses.push(n(r.lost.length, 'tile', 'tiles'));
  if (lostUnits > 0) losses.push(n(lostUnits, 'unit', 'units'));
  const bannersLost = r.bannersLost.filter((b) => b.what === 'taken').length;
  if (bannersLost > 0) losses.push(n(bannersLost, 'banner', 'banners'));
  const out: string[] = [];
  if (losses.length > 0) out.push(`Lost ${losses.join(' and ')}`);
  if (r.gained.length > 0) out.push(`${out.length > 0 ? 'gained' : 'Gained'} ${n(r.gained.length, 'tile', 'tiles')}`);
  if (held > 0) out.push(`${n(held, 'attack', 'attacks')} held`);
  if (out.length > 0) return out.join(' · ');
  return quiet(r) ? 'Nothing happened to you' : 'Nothing of yours changed';
}
