/**
 * Mantine's styles come in two parts (ARCHITECTURE §7.12): mantine-first.css with the entry and
 * mantine-more.css with the screens that need it. These checks keep the look the full stylesheet gave:
 * both parts keep Mantine's order, every component the app renders has its styles (and those it builds
 * on) in one part, and every module that renders a component of the second part imports it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const MANTINE = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));

/** The stylesheets a component needs besides its own `<Name>.css` (Mantine's shared parts it is built on). */
const BUILT_ON: Record<string, readonly string[]> = {
  ActionIcon: ['UnstyledButton', 'Loader'],
  Alert: ['CloseButton'],
  Button: ['UnstyledButton', 'Loader'],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  CloseButton: ['UnstyledButton'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'ScrollArea'],
  NumberInput: ['Input'],
  PasswordInput: ['Input'],
  Popover: ['Paper'],
  Radio: ['InlineInput', 'RadioIndicator'],
  SegmentedControl: ['FloatingIndicator'],
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  Switch: ['InlineInput'],
  Textarea: ['Input'],
  TextInput: ['Input'],
  Tooltip: ['Popover'],
};

function sheetsOf(file: string): string[] {
  return [...readFileSync(join(SRC, 'styles', file), 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map(
    (m) => m[1]!,
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The Mantine components a module imports. */
function mantineComponents(source: string): string[] {
  const found = [...source.matchAll(/import \{([^}]*)\} from '@mantine\/core';/g)].flatMap((m) =>
    m[1]!.split(',').map((name) => name.trim()),
  );
  return found.filter((name) => /^[A-Z]/.test(name));
}

const first = sheetsOf('mantine-first.css');
const more = sheetsOf('mantine-more.css');
const stylesheetOf = (name: string) => (existsSync(join(MANTINE, 'styles', `${name}.css`)) ? name : null);

describe('Mantine styles in two parts (ARCHITECTURE §7.12)', () => {
  it('each part keeps the order of Mantine’s full stylesheet, and none is in both', () => {
    const full = readFileSync(join(MANTINE, 'styles.css'), 'utf8');
    const position = (name: string) => {
      const own = readFileSync(join(MANTINE, 'styles', `${name}.css`), 'utf8').replace(/^\/\*.*\*\/\n/, '');
      return full.indexOf(own.trim().slice(0, 200));
    };
    for (const part of [first, more]) {
      const positions = part.map(position);
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(first.filter((name) => more.includes(name))).toEqual([]);
    expect(first.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('every component the app renders has its styles, and those it is built on, in one part', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const name of mantineComponents(readFileSync(file, 'utf8'))) {
        for (const sheet of [stylesheetOf(name), ...(BUILT_ON[name] ?? [])]) {
          if (sheet && !first.includes(sheet) && !more.includes(sheet)) missing.push(`${name} → ${sheet}.css`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('a module that renders a component of the second part imports mantine-more.css', () => {
    const needsMore = (name: string) =>
      [stylesheetOf(name), ...(BUILT_ON[name] ?? [])].some((sheet) => sheet !== null && more.includes(sheet));
    const without: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const source = readFileSync(file, 'utf8');
      const used = mantineComponents(source).filter(needsMore);
      if (used.length > 0 && !/import '(?:\.\.?\/)+(?:styles\/)?mantine-more\.css';/.test(source))
        without.push(`${relative(SRC, file)} (${used.join(', ')})`);
    }
    expect(without).toEqual([]);
  });
});
