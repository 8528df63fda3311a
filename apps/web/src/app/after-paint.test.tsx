import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, useAfterPaint } from './after-paint';

function Shown({ value }: { value: number }) {
  const late = useAfterPaint(value);
  return (
    <p data-testid="shown">
      {value}/{late}
    </p>
  );
}

/** Runs the frame callbacks, then the timers they set (the paint happens between the two). */
async function paint() {
  await act(async () => {
    vi.advanceTimersByTime(20);
  });
  await act(async () => {
    vi.advanceTimersByTime(1);
  });
}

describe('useAfterPaint (ARCHITECTURE §7.14)', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('gives the first value at once', () => {
    render(<Shown value={1} />);
    expect(screen.getByTestId('shown').textContent).toBe('1/1');
  });

  it('keeps the painted value through the render of a new one, and catches up after the next paint', async () => {
    const { rerender } = render(<Shown value={1} />);
    rerender(<Shown value={2} />);
    expect(screen.getByTestId('shown').textContent).toBe('2/1');
    await paint();
    expect(screen.getByTestId('shown').textContent).toBe('2/2');
  });

  it('catches up once with the newest of a fast run of values', async () => {
    const { rerender } = render(<Shown value={1} />);
    rerender(<Shown value={2} />);
    rerender(<Shown value={3} />);
    rerender(<Shown value={4} />);
    expect(screen.getByTestId('shown').textContent).toBe('4/1');
    await paint();
    expect(screen.getByTestId('shown').textContent).toBe('4/4');
  });
});

describe('afterNextPaint (ARCHITECTURE §7.14)', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }),
  );
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs once, after the next frame and not in it', () => {
    const then = vi.fn();
    afterNextPaint(then);
    vi.advanceTimersByTime(16);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs after its latest time where no frame comes (a hidden tab)', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const then = vi.fn();
    afterNextPaint(then, 100);
    vi.advanceTimersByTime(99);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('where the browser has a task scheduler, runs as a background task posted after the frame (input goes first)', () => {
    const posted: { priority: string; signal: AbortSignal; task: () => void }[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (task: () => void, options: { priority: string; signal: AbortSignal }) => {
        posted.push({ ...options, task });
        return Promise.resolve();
      },
    });
    const then = vi.fn();
    afterNextPaint(then);
    expect(posted).toHaveLength(0);
    vi.advanceTimersByTime(17);
    expect(posted.map((p) => p.priority)).toEqual(['background']);
    expect(then).not.toHaveBeenCalled();
    posted[0]!.task();
    expect(then).toHaveBeenCalledTimes(1);
    // Its latest-time fallback is gone once it ran, and the posted task is withdrawn.
    expect(posted[0]!.signal.aborted).toBe(true);
    vi.advanceTimersByTime(500);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('cancelled, never runs', () => {
    const then = vi.fn();
    afterNextPaint(then)();
    vi.advanceTimersByTime(500);
    expect(then).not.toHaveBeenCalled();
  });
});
