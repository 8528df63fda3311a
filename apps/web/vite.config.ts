import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type HtmlTagDescriptor,
  type Plugin,
  type Rollup,
  runnerImport,
} from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The emoji font's woff2 files hold only SVG glyphs, which Chromium does not draw (blank emoji); its woff
 * files hold the COLR glyphs too, which every browser draws. So the package's @font-face rules keep only
 * their woff source (and only those files are emitted).
 */
function emojiFontWithColourGlyphs(): Plugin {
  return {
    name: 'emoji-font-with-colour-glyphs',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@fontsource/noto-color-emoji/') || !id.endsWith('.css')) return null;
      return code.replace(/url\([^)]*\.woff2\) format\('woff2'\),\s*/g, '');
    },
  };
}

/**
 * The app's modules the first screen runs: the app itself, the main menu's route chunks, and the global
 * dialogs' chunk (the tutorial of a first visit).
 */
const FIRST_SCREEN_MODULES = [
  '/src/main.tsx',
  '/src/routes/_fullscreen.tsx?tsr-split=component',
  '/src/routes/_fullscreen/main-menu.tsx?tsr-split=component',
  '/src/modals/GlobalModals.tsx',
];
/** The face of the app's font that the first screen's (Latin) text uses. */
const FIRST_SCREEN_FONT = /\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Says what the first screen needs beyond the entry (ARCHITECTURE §7.12). The app's modules for it (the
 * chunks above with the chunks they import) go in a list, `<meta name="fb-app-modules">`, that the entry
 * preloads once the first frame is drawn: preloaded from the head, their ~40 requests held back the
 * prerendered menu's first paint. The Latin face of the app's font is preloaded from the head (found only
 * once the styles apply; preloaded, the menu's text paints in it at once and does not shift).
 */
function firstScreenPreloads(): Plugin {
  let base = '/';
  return {
    name: 'first-screen-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const files = Object.values(ctx.bundle);
        const chunks = new Map(
          files.filter((f): f is Rollup.OutputChunk => f.type === 'chunk').map((c) => [c.fileName, c]),
        );
        const entry = [...chunks.values()].find((c) => c.isEntry);
        const loaded = new Set<string>();
        const walk = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const dep of chunks.get(name)?.imports ?? []) walk(dep, into);
        };
        if (entry) walk(entry.fileName, loaded);
        const wanted = new Set<string>();
        for (const module of FIRST_SCREEN_MODULES) {
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`no chunk for the first screen's ${module}`);
          walk(chunk.fileName, wanted);
        }
        const modules = [...wanted].filter((name) => !loaded.has(name)).map((name) => base + name);
        const tags: HtmlTagDescriptor[] = [
          { tag: 'meta', attrs: { name: 'fb-app-modules', content: modules.join(' ') }, injectTo: 'head' },
        ];
        const font = files.find((f) => f.type === 'asset' && FIRST_SCREEN_FONT.test(`/${f.fileName}`));
        if (font)
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: base + font.fileName },
            injectTo: 'head-prepend',
          });
        return { html, tags };
      },
    },
  };
}

/** Where index.html takes the prerendered first screen. */
const SHELL_SLOT = '<!--first-screen-->';

/**
 * Writes the prerendered first screen into index.html (ARCHITECTURE §7.12): the main menu and the
 * tutorial's first page, rendered from the app's components in Node (src/prerender.tsx), so
 * a phone paints them with the stylesheet, before the app's script has run. The gate script
 * (src/first-screen/gate.js) goes first in the head, as a file under /assets with a hash in its name (the
 * policy allows no inline script; the name changes with its text, so it is cached for good): it blocks the
 * parser, so it must not queue behind the preloads. Before the first paint it hides the picture on every
 * other path, and the tutorial from players who have seen it.
 */
function firstScreenShell(): Plugin {
  let root = '';
  let base = '/';
  let gateFile = '';
  return {
    name: 'first-screen-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async buildStart() {
      const source = await readFile(resolve(root, 'src/first-screen/gate.js'), 'utf8');
      gateFile = `assets/gate-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: gateFile, source });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(SHELL_SLOT)) throw new Error(`index.html has no ${SHELL_SLOT}`);
        const { module } = await runnerImport<typeof import('./src/prerender')>(resolve(root, 'src/prerender.tsx'), {
          root,
          configFile: false,
          logLevel: 'error',
          resolve: { conditions: ['source', ...defaultClientConditions] },
          ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
          plugins: [react()],
        });
        const tag: HtmlTagDescriptor = { tag: 'script', attrs: { src: base + gateFile }, injectTo: 'head-prepend' };
        return { html: html.replace(SHELL_SLOT, module.renderFirstScreen()), tags: [tag] };
      },
    },
  };
}

/** The text types the server sends precompressed (apps/server/src/http/web-app.ts, OPERATIONS §12). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.map']);

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the build,
 * once, so the server sends them as they are and no request costs compression work. It runs after the
 * offline worker is written, so sw.js and the workbox script get theirs too; a copy that is not smaller
 * than its file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((f) => f.isFile() && COMPRESSIBLE.has(extname(f.name)))
          .map((f) => join(f.parentPath, f.name));
        await Promise.all(
          files.map(async (file) => {
            const data = await readFile(file);
            const copies = [
              [
                '.br',
                await br(data, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                  },
                }),
              ],
              ['.gz', await gz(data, { level: constants.Z_BEST_COMPRESSION })],
            ] as const;
            for (const [suffix, packed] of copies)
              if (packed.length < data.length) await writeFile(file + suffix, packed);
          }),
        );
      },
    },
  };
}

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
    emojiFontWithColourGlyphs(),
    firstScreenPreloads(),
    firstScreenShell(),
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
        // Fonts are not precached, bar the app's own Latin text face (~50 KB), so offline looks the same:
        // the emoji font alone is ~10 MB over its subsets, and a device fetches only what it shows.
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}', '**/inter-latin-wght-normal-*.woff2'],
        // Any other font file (Inter's other scripts, the emoji subsets chat used) is kept once fetched,
        // so what a device has shown it shows again offline; an emoji never fetched shows as the system's.
        runtimeCaching: [
          {
            urlPattern: ({ request, sameOrigin }) => sameOrigin && request.destination === 'font',
            handler: 'CacheFirst',
            options: {
              cacheName: 'fonts',
              expiration: { maxEntries: 40 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
  ],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
  // The offline bots' worker (src/game/bot.worker.ts) is a module worker, like the app.
  worker: { format: 'es' },
  server: {
    // The server (apps/server) owns /api, including the socket at /api/socket.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true, changeOrigin: true } },
  },
});
