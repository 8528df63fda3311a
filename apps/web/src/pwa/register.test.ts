import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, setDialog } from '../app/app-state';

const updateSW = vi.fn(async () => {});
let options: { onNeedRefresh?: () => void } = {};
vi.mock('virtual:pwa-register', () => ({
  registerSW: (o: { onNeedRefresh?: () => void }) => {
    options = o;
    return updateSW;
  },
}));

describe('offline worker updates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv('DEV', false);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    setDialog('workerUpdate', false);
  });

  it('a waiting worker opens "Updating the Game" and is applied 500 ms later', async () => {
    const { registerOfflineWorker, UPDATE_DELAY_MS } = await import('./register');
    expect(UPDATE_DELAY_MS).toBe(500);
    await registerOfflineWorker();
    expect(options.onNeedRefresh).toBeTypeOf('function');
    options.onNeedRefresh!();
    expect(appStore.get().dialogs.workerUpdate).toBe(true);
    vi.advanceTimersByTime(499);
    expect(updateSW).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(updateSW).toHaveBeenCalledWith(true);
  });
});
