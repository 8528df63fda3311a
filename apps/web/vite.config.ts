import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The libs are consumed as TypeScript source through their "source" export condition (TOOLCHAIN.md).
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      strategies: 'generateSW',
      includeAssets: ['favicon.svg', 'icon.svg'],
      manifest: {
        name: 'Four Banners',
        short_name: 'Four Banners',
        description: 'A turn-based conquest game for up to four countries. Plays offline against bots.',
        theme_color: '#1a1b1e',
        background_color: '#141517',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    // The server (apps/server) owns /api, including the socket at /api/socket.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true, changeOrigin: true } },
  },
});
