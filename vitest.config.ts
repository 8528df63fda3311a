import { defineConfig } from 'vitest/config';

// One project per workspace; each has its own vitest.config.ts (libs resolve through the "source" condition).
export default defineConfig({
  test: {
    projects: ['libs/*', 'apps/*'],
  },
});
