/**
 * The repository stands alone (ARCHITECTURE §1): every document the code, the tests and the docs cite is
 * in docs/, and every section they cite exists. A citation names the document and the section number:
 * `RULES §4.3`, `PROTOCOL §3.4, §5.2`, `docs/OPERATIONS.md §10`, `ARCHITECTURE §§5.1–5.2`. Further
 * sections that follow in the same parenthesis or clause (up to a `;`, a `)` or another document's name)
 * belong to the same document. Inside a document of docs/, a bare `§3.2` is one of its own sections.
 * Elsewhere a bare `§` is an error: say which document it points into.
 *
 * It scans the files git tracks or would track (all but the ignored ones), so it needs no list to keep up
 * to date; it lives with the server tests only because they are the ones that read the file system.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

/** The documents a citation may name, each a file of docs/. */
const DOCS = ['RULES', 'PROTOCOL', 'OPERATIONS', 'ARCHITECTURE', 'BENCHMARKS'] as const;
type Doc = (typeof DOCS)[number];

/**
 * Working notes that were never part of the repository. Spelled at run time so that this file does not
 * mention them itself.
 */
const GONE = ['design', 'spec', 'style'].map((name) => name.toUpperCase());
/** `NAME.md` in any case, or the short forms `NAME §4` and `NAME rule 6`. */
const GONE_MENTION = new RegExp(`\\b(?:${GONE.join('|')})(?:\\.md\\b|\\s+§|\\s+rules?\\s+\\d)`, 'i');

/** A section number: `3`, `3.4`, `3.4.1`. */
const NUMBER = String.raw`\d+(?:\.\d+)*`;
/** One cited section or range: `§3.4`, `§§3.1–3.2`, `§3–§5`. */
const SECTION = new RegExp(String.raw`§{1,2}(${NUMBER})(?:\s*[–-]\s*§{0,2}(${NUMBER}))?`, 'g');
/** A document's name where it starts a citation: `RULES`, `RULES.md`, `docs/RULES.md`, a Markdown link's end. */
const DOC_NAME = new RegExp(String.raw`\b(?:docs/)?(${DOCS.join('|')})(?:\.md)?(?=[\`)\]]*\s+§)`, 'g');

/** Files git tracks or would track (or, outside a git checkout, every file but dependencies and build output). */
function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    })
      .split('\0')
      .filter((f) => f !== '');
  } catch {
    const skip = new Set(['node_modules', '.git', 'dist', 'coverage', 'test-results', 'playwright-report', 'data']);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        skip.has(e.name) ? [] : e.isDirectory() ? walk(join(dir, e.name)) : [relative(ROOT, join(dir, e.name))],
      );
    return walk(ROOT);
  }
}

/** The text files of the tree (binary files, such as the screenshots, are left out). */
function textFiles(): { path: string; text: string }[] {
  return trackedFiles().flatMap((path) => {
    let text: string;
    try {
      text = readFileSync(join(ROOT, path), 'utf8');
    } catch {
      return []; // deleted in the working tree but still in the index
    }
    return text.includes('\0') ? [] : [{ path, text }];
  });
}

/** The numbered section headings of a Markdown document (`## 3. Turns` → 3, `### 3.4 …` → 3.4). */
function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (heading?.[1]) sections.add(heading[1]);
  }
  return sections;
}

/** A section cited somewhere: the document it points into (null: none named) and where. */
interface Citation {
  readonly doc: Doc | null;
  readonly section: string;
  readonly where: string;
}

/**
 * Every `§` in `text`, with the document it points into. A document's name applies to the sections that
 * follow it up to a `;`, a `)` (other than the one closing a Markdown link), another document's name, or
 * the end of the line. `ownDoc` is the document being read, for its bare `§`s (null outside docs/).
 */
function citationsIn(text: string, path: string, ownDoc: Doc | null): Citation[] {
  const found: Citation[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    // Code blocks in the docs are examples (shell prompts, JSON), not citations.
    if (fenced && ownDoc !== null) return;
    const names = [...line.matchAll(DOC_NAME)].map((m) => ({ doc: m[1] as Doc, end: m.index + m[0].length }));
    for (const m of line.matchAll(SECTION)) {
      const before = names.filter((n) => n.end <= m.index).at(-1);
      let doc: Doc | null = ownDoc;
      // What lies between the name and this section, past the name's own closing backtick, bracket or parenthesis.
      if (before && !/[;)]/.test(line.slice(before.end, m.index).replace(/^[`)\]]*/, ''))) doc = before.doc;
      const where = `${path}:${i + 1}`;
      const [, first, last] = m;
      if (first) found.push({ doc, section: first, where });
      if (last) found.push({ doc, section: last, where });
    }
  });
  return found;
}

describe('the repository stands alone', () => {
  const files = textFiles();
  const sections = Object.fromEntries(
    DOCS.map((doc) => [doc, sectionsOf(readFileSync(join(ROOT, 'docs', `${doc}.md`), 'utf8'))]),
  ) as Record<Doc, Set<string>>;

  it('finds the tracked files and the numbered sections of each document', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const doc of DOCS) expect(sections[doc].size, doc).toBeGreaterThan(5);
  });

  it('mentions no working notes that are not in the repository', () => {
    const mentions = files.flatMap(({ path, text }) =>
      text.split('\n').flatMap((line, i) => (GONE_MENTION.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(mentions).toEqual([]);
  });

  it('cites only sections that exist, and always says which document', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const { path, text } of files) {
      if (path === THIS_FILE) continue; // its examples are about citations, not citations
      const own = DOCS.find((doc) => path === `docs/${doc}.md`) ?? null;
      for (const { doc, section, where } of citationsIn(text, path, own)) {
        if (doc === null) broken.push(`${where}: §${section} names no document (${DOCS.join(', ')})`);
        else if (!sections[doc].has(section))
          broken.push(`${where}: ${doc} §${section} is not a section of docs/${doc}.md`);
        else checked++;
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('reads the citation forms in use', () => {
    const cite = (line: string, own: Doc | null = null) =>
      citationsIn(line, 'x', own).map((c) => `${c.doc ?? '?'} ${c.section}`);
    expect(cite('(RULES §4.3, §4.4; PROTOCOL §3.2)')).toEqual(['RULES 4.3', 'RULES 4.4', 'PROTOCOL 3.2']);
    expect(cite('(RULES §3.1–3.7)')).toEqual(['RULES 3.1', 'RULES 3.7']);
    expect(cite('ARCHITECTURE §§5.1–5.2')).toEqual(['ARCHITECTURE 5.1', 'ARCHITECTURE 5.2']);
    expect(cite('[`docs/OPERATIONS.md`](docs/OPERATIONS.md) §4.4–4.5')).toEqual(['OPERATIONS 4.4', 'OPERATIONS 4.5']);
    expect(cite('(PROTOCOL §6.1 limits, §3.2 strict schemas)')).toEqual(['PROTOCOL 6.1', 'PROTOCOL 3.2']);
    expect(cite('(RULES.md §8) and then §7.2', 'PROTOCOL')).toEqual(['RULES 8', 'PROTOCOL 7.2']);
    expect(cite('a bare §5.1')).toEqual(['? 5.1']);
    expect(sectionsOf('# Title\n## 1. One\n### 1.2 Two\n```\n# 9 not a heading\n```\n')).toEqual(new Set(['1', '1.2']));
  });
});
