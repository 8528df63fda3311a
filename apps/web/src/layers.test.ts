/**
 * The web app's floors (ARCHITECTURE §7.1), read downward: the entries (start.ts, main.tsx, the prerender,
 * the debug handle) → routes → the screens of lobby/ and admin/ → modals/, watch/, menu/ → the replay
 * viewer (replay/ui) → the game screen's parts (game/ui) → saves/, sound/ → online/ → the models of the
 * game, the board and the replay → art/, pwa/ → app/ (stores, settings, app state, the HTTP client) → the
 * styles and the first screen's picture. A feature's model and its views share a folder unless the views
 * need a floor above the model's; then they sit in its `ui/` folder on a floor of their own (game/ui,
 * replay/ui). A file may import its own floor or a lower one, never a higher one, statically or with
 * `import()`. Beside the floors: the import graph has no cycle, and no product file imports a test or a
 * fixture (apps/web/test/).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
/** The web app's test fixtures and setup (apps/web/test/): for tests only. */
const FIXTURES = resolve(SRC, '../test');

/** Each top-level folder (or file) of src/, or a feature's `ui/` folder, and its floor: higher numbers sit higher. */
const FLOORS: Record<string, number> = {
  styles: 0,
  'styles.css': 0,
  'theme.ts': 0,
  'csp.ts': 0,
  'vite-env.d.ts': 0,
  'first-screen': 0,
  app: 1,
  art: 2,
  pwa: 2,
  board: 3,
  game: 3,
  replay: 3,
  online: 4,
  saves: 5,
  sound: 5,
  'game/ui': 6,
  'replay/ui': 7,
  modals: 8,
  watch: 8,
  menu: 8,
  lobby: 9,
  admin: 9,
  routes: 10,
  'router.tsx': 10,
  'routeTree.gen.ts': 10,
  'main.tsx': 11,
  'prerender.tsx': 11,
  'prerender.test.tsx': 11,
  'debug-handle.ts': 11,
  'start.ts': 12,
  'layers.test.ts': 12,
};

/** The floor key of a file: its `folder/ui` when that has a floor, else its top-level folder or file. */
function placeOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  const ui = parts.slice(0, 2).join('/');
  return parts.length > 2 && FLOORS[ui] !== undefined ? ui : (parts[0] ?? '');
}

function floorOf(file: string): number {
  const floor = FLOORS[placeOf(file)];
  if (floor === undefined) throw new Error(`${relative(SRC, file)} sits on no floor: add its folder to FLOORS`);
  return floor;
}

const CODE = /\.(ts|tsx|js)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** A relative specifier as the bundler finds it: the file itself, or with a code extension, or a folder's index. */
function resolveSpec(from: string, spec: string): string {
  const base = resolve(dirname(from), spec.split('?')[0] ?? spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  throw new Error(`${relative(SRC, from)} imports ${spec}, which is no file`);
}

/**
 * The relative modules a file imports: static imports and re-exports, side-effect imports (styles), dynamic
 * `import()`, and workers (`new URL(…, import.meta.url)`), as paths of files.
 */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+|new URL\(\s*)'(\.{1,2}\/[^']+)'/g;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1];
    if (spec !== undefined) found.push(resolveSpec(file, spec));
  }
  return found;
}

const FILES = sources(SRC);
const GRAPH = new Map(FILES.map((file) => [file, relativeImports(file)]));
const name = (file: string) => relative(SRC, file);

describe('web floors', () => {
  it('no file under src/ imports a higher floor', () => {
    const upward: string[] = [];
    let read = 0;
    for (const [file, targets] of GRAPH) {
      for (const target of targets) {
        read += 1;
        if (!target.startsWith(`${SRC}/`)) continue; // fixtures sit outside the floors (next test)
        if (floorOf(target) > floorOf(file)) upward.push(`${name(file)} → ${name(target)}`);
      }
    }
    expect(read).toBeGreaterThan(500); // the imports were read at all
    expect(upward).toEqual([]);
  });

  it('every folder of src/ sits on a floor', () => {
    expect(FILES.map(name).filter((file) => FLOORS[placeOf(join(SRC, file))] === undefined)).toEqual([]);
  });

  it('the import graph has no cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const target of GRAPH.get(file) ?? []) {
        if (!GRAPH.has(target)) continue; // a style sheet or a fixture: imports nothing we read
        const seen = state.get(target);
        if (seen === 'open') cycles.push([...path.slice(path.indexOf(target)), target].map(name).join(' → '));
        else if (seen === undefined) visit(target);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of FILES) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('no product file imports a test or a fixture', () => {
    const leaks: string[] = [];
    for (const [file, targets] of GRAPH) {
      if (isTest(file)) continue;
      for (const target of targets)
        if (isTest(target) || target.startsWith(`${FIXTURES}/`)) leaks.push(`${name(file)} → ${relative(SRC, target)}`);
    }
    expect(leaks).toEqual([]);
  });

  it('the fixtures are read by tests only, and some test reads each', () => {
    const fixtures = sources(join(FIXTURES, 'fixtures'));
    const used = new Set([...GRAPH.entries()].filter(([file]) => isTest(file)).flatMap(([, targets]) => targets));
    // The pwa stand-in is read through vitest.config.ts's alias, not an import.
    const unread = fixtures.filter((f) => !used.has(f) && !f.endsWith('virtual-pwa-register.ts'));
    expect(fixtures.length).toBeGreaterThan(0);
    expect(unread.map((f) => relative(FIXTURES, f))).toEqual([]);
  });
});
