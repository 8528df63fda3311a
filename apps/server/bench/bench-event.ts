/** The event the append benchmarks write, the same on every driver so their figures compare. */
import type { LobbyEvent } from '@four-banners/engine';

/** A typical logged move at `seq`, stamped `at`. */
export function event(seq: number, at: string): LobbyEvent {
  return {
    seq,
    kind: 'game-action',
    actor: 'bench-player',
    seed: 123456789,
    at,
    payload: { id: 'move_unit', info: { country: 1, from: { x: 3, y: 4 }, to: { x: 4, y: 4 } } },
  };
}
