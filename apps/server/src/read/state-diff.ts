/**
 * What differs between two lobby states, in words, for the log check (PROTOCOL §8.4): both are written as
 * the PROTOCOL §5.2 snapshot JSON and walked together; each line names a field path and the two values.
 */
import type { LobbyState } from '@four-banners/engine';
import { lobbySnapshotOf, serializedGameOf } from '@four-banners/protocol';

/** The most lines a check reports. */
export const DIFF_LINES_MAX = 20;

const shown = (v: unknown): string => {
  const text = v === undefined ? 'absent' : JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

function walk(path: string, a: unknown, b: unknown, out: string[]): void {
  if (out.length >= DIFF_LINES_MAX) return;
  if (Object.is(a, b)) return;
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects =
    !bothArrays &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    !Array.isArray(a) &&
    !Array.isArray(b);
  if (bothArrays) {
    if (a.length !== b.length) out.push(`${path}: ${a.length} entries, expected ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) walk(`${path}[${i}]`, a[i], b[i], out);
    return;
  }
  if (bothObjects) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(rb), ...Object.keys(ra)]))
      walk(path ? `${path}.${key}` : key, ra[key], rb[key], out);
    return;
  }
  out.push(`${path}: ${shown(a)}, expected ${shown(b)}`);
}

/** The differences of `found` from `expected` (the refold), at most `DIFF_LINES_MAX` lines. */
export function stateDifferences(found: LobbyState, expected: LobbyState): string[] {
  const out: string[] = [];
  walk('lobby', lobbySnapshotOf(found), lobbySnapshotOf(expected), out);
  walk('game', serializedGameOf(found), serializedGameOf(expected), out);
  return out;
}
