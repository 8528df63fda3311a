/**
 * The server's floors read downward (ARCHITECTURE §5.1): edge (gateway, http controllers, the module and the
 * entry points) → lobby, read (and ops) → limits → storage / cluster → common. A file may import its own
 * floor or a lower one, never a higher one. Inside `lobby/` each folder is a floor of its own: core (the write
 * core) lowest, then moderation, then play and spectate side by side, which know nothing of each other. This
 * test reads every import under src/ so an upward one, a sideways one inside `lobby/` or a cycle cannot creep
 * back in.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Each top-level folder (or file) of src/ and its floor: higher numbers sit higher. */
const FLOORS: Record<string, number> = {
  common: 0,
  storage: 1,
  cluster: 1,
  limits: 2,
  lobby: 3,
  read: 3,
  ops: 3,
  gateway: 4,
  http: 4,
  'app.module.ts': 4,
  'server.ts': 4,
  'main.ts': 4,
  'layers.test.ts': 4,
};

/**
 * The inner floors of `lobby/`: core (store, cache, hub, watchers, requests, identity) lowest; moderation
 * above it (play checks the mutes it holds); play and spectate on one floor above that. Folders on one floor
 * may not import each other.
 */
const LOBBY_FLOORS: Record<string, number> = {
  core: 0,
  moderation: 1,
  play: 2,
  spectate: 2,
};

function floorOf(file: string): number {
  const top = relative(SRC, file).split('/')[0] ?? '';
  const floor = FLOORS[top];
  if (floor === undefined) throw new Error(`${relative(SRC, file)} sits on no floor: add its folder to FLOORS`);
  return floor;
}

/** The folder of `lobby/` a file sits in, or undefined outside `lobby/`. */
function lobbyFolderOf(file: string): string | undefined {
  const [top, folder, rest] = relative(SRC, file).split('/');
  if (top !== 'lobby') return undefined;
  if (folder === undefined || rest === undefined || LOBBY_FLOORS[folder] === undefined)
    throw new Error(`${relative(SRC, file)} sits on no floor of lobby/: put it in a folder of LOBBY_FLOORS`);
  return folder;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative modules a file imports (static and dynamic), as paths of .ts files. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)) {
    const spec = match[1];
    if (spec !== undefined) found.push(resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
  }
  return found;
}

/** Every file under src/ and the files under src/ it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) graph.set(file, relativeImports(file));
  return graph;
}

/** The import cycles among `graph`'s files (depth-first: an edge back to a file on the path closes one). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): void => {
    path.push(file);
    onPath.add(file);
    for (const target of graph.get(file) ?? []) {
      if (onPath.has(target)) cycles.push([...path.slice(path.indexOf(target)), target]);
      else if (!done.has(target) && graph.has(target)) visit(target);
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles;
}

describe('server floors', () => {
  it('no file under src/ imports a higher floor', () => {
    const upward: string[] = [];
    let read = 0;
    for (const file of sources(SRC)) {
      for (const target of relativeImports(file)) {
        read += 1;
        if (!target.startsWith(SRC)) continue; // test fixtures and the like sit outside the floors
        if (floorOf(target) > floorOf(file)) upward.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
      }
    }
    expect(read).toBeGreaterThan(100); // the imports were read at all
    expect(upward).toEqual([]);
  });

  it('inside lobby/, no folder imports a higher one or a sibling on its floor', () => {
    const wrong: string[] = [];
    let read = 0;
    for (const file of sources(join(SRC, 'lobby'))) {
      const from = lobbyFolderOf(file)!;
      for (const target of relativeImports(file)) {
        const to = lobbyFolderOf(target);
        if (to === undefined || to === from) continue;
        read += 1;
        if (LOBBY_FLOORS[to]! >= LOBBY_FLOORS[from]!) wrong.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
      }
    }
    expect(read).toBeGreaterThan(20); // the folders do import each other
    expect(wrong).toEqual([]);
  });

  it('every folder of lobby/ is on a floor, and every floor holds a folder', () => {
    const folders = new Set(sources(join(SRC, 'lobby')).map((file) => lobbyFolderOf(file)));
    expect([...folders].sort()).toEqual(Object.keys(LOBBY_FLOORS).sort());
  });

  it('no import cycle among the files under src/', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '));
    expect(cycles).toEqual([]);
  });

  it('the cycle check finds a cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
