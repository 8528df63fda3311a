/**
 * Work that may wait one frame (ARCHITECTURE §7.14): `useAfterPaint(value)` is `value` as it was when the
 * last frame was painted, caught up in a transition right after that paint. A screen gives the parts the
 * eye is on (the board, the scrubber, the event's words) the new value at once, and the rest (a side
 * column, a header) this one: the next frame then carries only the first part's work, and the rest
 * follows in the frame after. A newer value before the catch-up replaces it, so a fast run of changes
 * (a held arrow key) catches up once it rests, never with values already gone.
 */
import { startTransition, useEffect, useState } from 'react';

export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timer set in the frame's callback runs once that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, shown]);
  return shown;
}
