/**
 * The replay routes' search params: `?seq=` (a log position) and `?turn=` (the start of a turn), each
 * opening the replay at that moment. Parsed leniently: a bad value is dropped (the replay opens at the
 * start) and `note` says so, so a mistyped link never shows a validation dump.
 */
export interface ReplaySearch {
  readonly seq?: number;
  readonly turn?: number;
}

const POSITION = /^\d{1,9}$/;

function position(value: unknown): number | undefined | 'bad' {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  return text !== null && POSITION.test(text) ? Number(text) : 'bad';
}

/** The route's `validateSearch`: never throws. */
export function parseReplaySearch(raw: Record<string, unknown>): ReplaySearch & { readonly bad?: true } {
  const seq = position(raw.seq);
  const turn = position(raw.turn);
  const out: { seq?: number; turn?: number; bad?: true } = {};
  if (seq === 'bad' || turn === 'bad') out.bad = true;
  if (typeof seq === 'number') out.seq = seq;
  if (typeof turn === 'number') out.turn = turn;
  return out;
}
