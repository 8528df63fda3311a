/**
 * The rest of a replay opened before its log was all folded (`openReplay`, ARCHITECTURE §7.8): folded
 * in slices of FOLD_SLICE_MS between frames, from the frame after the board is first painted, so the
 * board shows at once and a seek or a key is never held up for long. Once the log is whole the viewer
 * gets the whole replay, and what shows the whole game (the turn count, the chart) draws it. An event
 * the engine refuses is thrown from the viewer's render, so the route's error page says where, as for a
 * log refused when it opens.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { afterNextPaint } from '../../app/after-paint';
import type { Replay } from '../replay-model';

/** Folding work per slice: well under a long task (50 ms), so input between slices is answered. */
export const FOLD_SLICE_MS = 12;

export function useFoldInSlices(replay: Replay, setReplay: Dispatch<SetStateAction<Replay>>): void {
  const [failure, setFailure] = useState<{ readonly error: unknown } | null>(null);
  if (failure) throw failure.error;
  useEffect(() => {
    if (replay.complete) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      try {
        const whole = replay.foldMore(FOLD_SLICE_MS);
        if (whole) setReplay((shown) => (shown === replay ? whole : shown));
        else timer = setTimeout(slice, 0);
      } catch (error) {
        setFailure({ error });
      }
    };
    const cancel = afterNextPaint(slice);
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, [replay, setReplay]);
}
