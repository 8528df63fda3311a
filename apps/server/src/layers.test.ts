/**
 * The server's floors read downward: edge (gateway, http controllers, the module and the entry points) →
 * lobby (and ops) → limits → storage / cluster → common. A file may import its own floor or a lower one,
 * never a higher one; this test reads every import under src/ so an upward one cannot creep back in.
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
  ops: 3,
  gateway: 4,
  http: 4,
  'app.module.ts': 4,
  'server.ts': 4,
  'main.ts': 4,
  'layers.test.ts': 4,
};

function floorOf(file: string): number {
  const top = relative(SRC, file).split('/')[0] ?? '';
  const floor = FLOORS[top];
  if (floor === undefined) throw new Error(`${relative(SRC, file)} sits on no floor: add its folder to FLOORS`);
  return floor;
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
});
