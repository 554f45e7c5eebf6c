// No file under src/ grows past 400 lines (docs/architecture.md: a file holds one concern): a
// file that does is split along its seams, not raised past the limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';
import { tsFiles } from './sourceImports';

const MAX_LINES = 400;
const TIMEOUT = { timeout: 30_000 };

/** The lines of a text as `wc -l` counts them, a last line without its newline included. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Every .ts file under `dir` with more than `max` lines, as `path: N lines`. */
function filesOver(dir: string, max: number): { scanned: number; over: string[] } {
  const files = tsFiles(dir);
  const over: string[] = [];
  for (const file of files) {
    const lines = lineCount(fs.readFileSync(file, 'utf8'));
    if (lines > max) over.push(`${path.relative(dir, file).split(path.sep).join('/')}: ${lines} lines`);
  }
  return { scanned: files.length, over: over.sort() };
}

test(`no .ts file under src/ has more than ${MAX_LINES} lines`, TIMEOUT, () => {
  const src = path.join(findRepoRoot(), 'src');
  const { scanned, over } = filesOver(src, MAX_LINES);
  assert.ok(scanned > 50, `found only ${scanned} .ts files under ${src}`);
  assert.deepEqual(over, [], `split these along their seams:\n${over.join('\n')}`);
});

test('the check counts lines as wc -l does and names each file over the limit', TIMEOUT, () => {
  assert.equal(lineCount(''), 0);
  assert.equal(lineCount('a'), 1);
  assert.equal(lineCount('a\n'), 1);
  assert.equal(lineCount('a\nb'), 2);
  assert.equal(lineCount('a\r\nb\r\n'), 2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-file-sizes-'));
  try {
    fs.mkdirSync(path.join(dir, 'deep', 'er'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'at.ts'), 'x\n'.repeat(400));
    fs.writeFileSync(path.join(dir, 'deep', 'er', 'over.ts'), 'x\n'.repeat(400) + 'x');
    fs.writeFileSync(path.join(dir, 'deep', 'long.md'), 'x\n'.repeat(500));
    assert.deepEqual(filesOver(dir, 400), { scanned: 2, over: ['deep/er/over.ts: 401 lines'] });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
