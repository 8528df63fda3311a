/**
 * Lazy-load spinner timing (ARCHITECTURE §7.2): nothing for the first 100 ms of loading; once shown the
 * spinner stays at least 100 ms so it never flashes, and it is never held more than 500 ms after
 * loading ended.
 */
import { useEffect, useRef, useState } from 'react';

export const SPINNER_DELAY_MS = 100;
export const SPINNER_MIN_VISIBLE_MS = 100;
export const SPINNER_MAX_HOLD_MS = 500;

/** Whether the spinner should be visible for a `loading` flag, following the timing above. */
export function useDelayedSpinner(loading: boolean): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef<number | null>(null);

  useEffect(() => {
    if (loading && !visible) {
      const t = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, SPINNER_DELAY_MS);
      return () => clearTimeout(t);
    }
    if (!loading && visible) {
      const shownFor = Date.now() - (shownAt.current ?? 0);
      const hold = Math.min(SPINNER_MAX_HOLD_MS, Math.max(0, SPINNER_MIN_VISIBLE_MS - shownFor));
      const t = setTimeout(() => {
        shownAt.current = null;
        setVisible(false);
      }, hold);
      return () => clearTimeout(t);
    }
    return undefined;
  }, [loading, visible]);

  return visible;
}
