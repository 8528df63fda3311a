import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // vite-plugin-pwa's virtual module only exists in Vite builds; tests mock it.
    alias: { 'virtual:pwa-register': new URL('./test/fixtures/virtual-pwa-register.ts', import.meta.url).pathname },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
  },
});
