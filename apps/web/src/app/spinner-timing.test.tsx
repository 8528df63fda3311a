import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPINNER_DELAY_MS, SPINNER_MAX_HOLD_MS, SPINNER_MIN_VISIBLE_MS, useDelayedSpinner } from './spinner-timing';

describe('lazy-load spinner timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the constants of ARCHITECTURE §7.2: 100 ms delay, 100 ms minimum, 500 ms maximum', () => {
    expect([SPINNER_DELAY_MS, SPINNER_MIN_VISIBLE_MS, SPINNER_MAX_HOLD_MS]).toEqual([100, 100, 500]);
  });

  it('shows nothing when loading ends within 100 ms', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedSpinner(loading), {
      initialProps: { loading: true },
    });
    act(() => vi.advanceTimersByTime(90));
    expect(result.current).toBe(false);
    rerender({ loading: false });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
  });

  it('appears after 100 ms of loading', () => {
    const { result } = renderHook(() => useDelayedSpinner(true));
    act(() => vi.advanceTimersByTime(99));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('once shown it stays at least 100 ms, even if loading ends at once', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedSpinner(loading), {
      initialProps: { loading: true },
    });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(10));
    rerender({ loading: false });
    act(() => vi.advanceTimersByTime(80));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(10));
    expect(result.current).toBe(false);
  });

  it('hides as soon as loading ends when it has been visible long enough', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedSpinner(loading), {
      initialProps: { loading: true },
    });
    act(() => vi.advanceTimersByTime(700));
    expect(result.current).toBe(true);
    rerender({ loading: false });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(false);
  });
});
