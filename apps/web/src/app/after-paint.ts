/**
 * Work that may wait one frame (ARCHITECTURE §7.14).
 *
 * `afterNextPaint(then)` calls `then` once the next frame has been painted: a task posted from the frame's
 * callback runs after that frame (a background task where the browser has them, so input and any other
 * waiting task go first). A hidden tab paints no frames, so `then` also runs after `latest` ms at most; it
 * never waits on a frame that will not come.
 *
 * `useAfterPaint(value)` is `value` as it was when the last frame was painted, caught up in a transition
 * right after that paint. A screen gives the parts the eye is on (the board, the scrubber, the event's
 * words) the new value at once, and the rest (a side column, a header) this one: the next frame then
 * carries only the first part's work, and the rest follows in the frame after. A newer value before the
 * catch-up replaces it, so a fast run of changes (a held arrow key) catches up once it rests, never with
 * values already gone.
 */
import { startTransition, useEffect, useState } from 'react';

/** The browser's task scheduler (Chromium, Firefox), where there is one: `postTask` with a priority. */
interface TaskScheduler {
  postTask(task: () => void, options: { priority: 'background'; signal: AbortSignal }): Promise<void>;
}
const taskScheduler = () => (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;

/**
 * Calls `then` once the next frame is painted (or after `latest` ms with no frame); returns a cancel.
 * Where the browser can, `then` runs as a background task: after input and any other waiting task.
 */
export function afterNextPaint(then: () => void, latest = 100): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const posted = new AbortController();
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
    posted.abort();
  };
  const run = () => {
    cancel();
    then();
  };
  const frame = requestAnimationFrame(() => {
    const tasks = taskScheduler();
    if (tasks?.postTask) tasks.postTask(run, { priority: 'background', signal: posted.signal }).catch(() => undefined);
    else timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, latest);
  return cancel;
}

export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return afterNextPaint(() => startTransition(() => setShown(value)));
  }, [value, shown]);
  return shown;
}
