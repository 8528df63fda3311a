/** The web tests' setup (vitest.config.ts `setupFiles`): what jsdom lacks, and a clean page after each test. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks a few browser APIs Mantine touches.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollTo) {
  // The chat scrolls to its latest message; jsdom lays nothing out, so there is nowhere to scroll.
  Element.prototype.scrollTo = () => {};
}
afterEach(() => {
  cleanup();
  localStorage.clear();
});
