/** Stand-in for vite-plugin-pwa's virtual module in unit tests (they mock it with vi.mock). */
export function registerSW(): (reload?: boolean) => Promise<void> {
  return async () => {};
}
