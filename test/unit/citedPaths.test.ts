// Every file path that a comment cites names a file that exists: from the repository's root
// (`docs/rules.md`), from src/ (`vscode/lint/diagnostics.ts`), or from the citing file's folder
// or a folder above it (a file in one room of src/core/ may name another room's file from
// there), so that a reader who follows it arrives somewhere. A citation is a word with a slash whose first folder is one of the
// repository's (a top folder, or a folder of src/, src/core/, src/vscode/ or test/); other
// paths in comments are examples (`references/aws.md`, `evals/trigger-evals.json`), and so are
// placeholders: an all-capitals part (`src/lazy/NAME.ts`) or a one-letter file name (`scripts/x.js`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';

const ROOT = findRepoRoot();
const SCANNED = ['src', 'test', 'scripts', 'bench'];
const CODE_FILE = /\.(ts|mjs|js)$/;
/** A path of at least two parts ending in a file name with one of these extensions. */
const PATH = /(?<![\w./-])((?:\.\.?\/)*(?:[\w-]+\/)+[\w.-]+\.(?:ts|mjs|js|md|json))(?![\w/-])/g;
/** Folders whose files are built, not written: a comment may name what lands there. */
const BUILT = new Set(['dist', 'out', 'node_modules']);
/** Other people's skills, kept as data (test/data/review-repos/SOURCES.md): their comments cite their own files. */
const NOT_OURS = path.join(ROOT, 'test', 'data', 'review-repos');

/** The names a citation may start with: the folders of the repository's own rooms. */
function citationRoots(): Set<string> {
  const folders = (dir: string) =>
    fs
      .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !BUILT.has(entry.name))
      .filter((entry) => !entry.name.startsWith('out-'))
      .map((entry) => entry.name);
  return new Set(['.', 'src', 'src/core', 'src/vscode', 'test'].flatMap(folders));
}

function codeFiles(dir: string): string[] {
  const found: string[] = [];
  if (dir === NOT_OURS) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...codeFiles(full));
    else if (CODE_FILE.test(entry.name)) found.push(full);
  }
  return found;
}

/** The comment on a line: a line of a block comment, or what follows `//` (not a URL's `://`). */
function commentOf(line: string): string | undefined {
  if (/^\s*(\/\*|\*)/.test(line)) return line;
  const slashes = /(?<![:\\'"`])\/\/(?!\/)/.exec(line);
  return slashes ? line.slice(slashes.index) : undefined;
}

interface Citation {
  readonly line: number;
  readonly cited: string;
  readonly comment: string;
}

/** The paths cited in the comments of a text. */
function citationsIn(text: string, roots: ReadonlySet<string>): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    const comment = commentOf(line);
    if (comment === undefined) return;
    for (const match of comment.matchAll(PATH)) {
      const cited = match[1];
      const parts = cited.split('/').filter((part) => part !== '.' && part !== '..');
      if (!roots.has(parts[0])) continue;
      if (parts.some((part) => /^[A-Z]{2,}(\.\w+)?$/.test(part)) || /^\w\./.test(parts[parts.length - 1])) continue;
      found.push({ line: index + 1, cited, comment: comment.trim() });
    }
  });
  return found;
}

/** Whether a cited path exists from src/, or from the citing file's folder or a folder above it, up to the root. */
function resolves(cited: string, fromDir: string): boolean {
  if (fs.existsSync(path.join(ROOT, 'src', cited))) return true;
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, cited))) return true;
    if (path.relative(ROOT, dir) === '') return false;
  }
}

test('every file path cited in a comment exists', () => {
  const roots = citationRoots();
  const broken: string[] = [];
  let count = 0;
  for (const file of SCANNED.flatMap((dir) => codeFiles(path.join(ROOT, dir)))) {
    for (const citation of citationsIn(fs.readFileSync(file, 'utf8'), roots)) {
      count++;
      if (!resolves(citation.cited, path.dirname(file)))
        broken.push(
          `${path.relative(ROOT, file)}:${citation.line} cites ${citation.cited}, which is not there: ${citation.comment}`,
        );
    }
  }
  assert.ok(count > 200, `found only ${count} cited paths`);
  assert.deepEqual(broken, []);
});

test('citations are told from examples and placeholders', () => {
  const roots = new Set(['docs', 'src', 'lint']);
  const text = [
    "// The rules (docs/rules.md, and lint/rules.ts) and src/core/x.ts or 'references/aws.md'.",
    ' * Built from src/lazy/NAME.ts; see https://example.com/docs/a.md.',
    "const s = 'docs/not-a-comment.md'; // but src/vscode/api.ts is",
  ].join('\n');
  assert.deepEqual(
    citationsIn(text, roots).map((c) => `${c.line} ${c.cited}`),
    ['1 docs/rules.md', '1 lint/rules.ts', '3 src/vscode/api.ts'],
  );
});
