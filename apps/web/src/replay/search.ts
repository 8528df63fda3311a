/**
 * The replay routes' search params: `?seq=` (a log position) and `?turn=` (the start of a turn), each
 * opening the replay at that moment. Parsed leniently: a bad value is dropped (the replay opens at the
 * start) and `bad` says so, so a mistyped link shows a gentle note instead of a validation dump.
 */
export interface ReplaySearch {
  readonly seq?: number;
  readonly turn?: number;
}

export type ParsedReplaySearch = ReplaySearch & { readonly bad?: true };

/** A whole number 0 ≤ n ≤ 2^53: anything longer is not a position anyone meant. */
const POSITION = /^\d{1,15}$/;

function position(value: unknown): number | undefined | 'bad' {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  return text !== null && POSITION.test(text) ? Number(text) : 'bad';
}

/** The route's `validateSearch`: keeps a good `seq` and `turn`, marks anything else `bad`; never throws. */
export function parseReplaySearch(raw: Record<string, unknown>): ParsedReplaySearch {
  const seq = position(raw.seq);
  const turn = position(raw.turn);
  const out: { seq?: number; turn?: number; bad?: true } = {};
  if (seq === 'bad' || turn === 'bad') out.bad = true;
  if (typeof seq === 'number') out.seq = seq;
  if (typeof turn === 'number') out.turn = turn;
  return out;
}

/** What a replay needs to place a link's position. */
export interface Seekable {
  readonly startSeq: number;
  clamp(seq: number): number;
  seqOfTurn(turn: number): number;
}

/**
 * The seq a link opens at: its `seq` (clamped into the game), else the start of its `turn`, else
 * `fallback` (the start, or the newest event of a live game). A link with a bad value opens at the
 * fallback too; `understood` is false then, so the viewer can say so.
 */
export function seqFromSearch(
  replay: Seekable,
  search: ParsedReplaySearch,
  fallback = replay.startSeq,
): { seq: number; understood: boolean } {
  if (search.bad) return { seq: fallback, understood: false };
  if (search.seq !== undefined) return { seq: replay.clamp(search.seq), understood: true };
  if (search.turn !== undefined) return { seq: replay.seqOfTurn(search.turn), understood: true };
  return { seq: fallback, understood: true };
}

/** The search that links to `seq`: the other params kept, `turn` and the bad mark dropped. */
export function searchAtSeq(prev: Readonly<Record<string, unknown>>, seq: number): Record<string, unknown> {
  const { turn: _turn, bad: _bad, ...rest } = prev;
  return { ...rest, seq };
}
