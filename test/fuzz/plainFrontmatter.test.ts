// The fast path for plain `key: value` frontmatter (core/lint/plainFrontmatter.ts) against the
// `yaml` path: on every SKILL.md of the real corpora and on 100,000 generated frontmatters,
// both must give the same fields, values, spans and data, and the same analysis (name,
// description, hidden flag, problems with their ranges and fixes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { parseSkillFile, splitFrontmatter, stripBom } from '../../src/core/lint/frontmatter';
import { readPlainMapping } from '../../src/core/lint/plainFrontmatter';
import { seededRandom } from '../seededRandom';
import { corpusForTests } from '../unit/corpusLocation';

const CORPORA = ['corpus', 'corpus-wide', 'routing-bench/dotnet-artisan'].map((name) => corpusForTests(name));
const SKIP = CORPORA.map((c) => c.skip).find((skip) => skip !== false) ?? false;

function skillFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = nodePath.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...skillFilesUnder(full));
    else if (entry.name.toLowerCase() === 'skill.md') found.push(full);
  }
  return found;
}

/** The parts of a parse that the rules read. */
function parsed(text: string, plainFastPath: boolean) {
  const file = parseSkillFile(text, { plainFastPath });
  return {
    status: file.status,
    fields: file.fields,
    data: file.data,
    flowMapping: file.flowMapping,
    split: file.split,
  };
}

/** What the catalog and the editor take from an analysis. */
function analysed(text: string, folderName: string, plainFastPath: boolean) {
  const a = analyzeSkillText(text, { folderName, plainFastPath });
  return {
    name: a.name,
    nameRange: a.nameRange,
    description: a.description,
    hidden: a.hidden,
    problems: a.problems,
    bodyOffset: a.bodyOffset,
  };
}

/** True when the fast path reads this text (and so the comparison is not trivial). */
function takesFastPath(text: string): boolean {
  const bomless = stripBom(text).text;
  const split = splitFrontmatter(bomless);
  return split.kind === 'closed' && readPlainMapping(bomless, split.yaml.start, split.yaml.end) !== undefined;
}

test('on every real SKILL.md, the fast path and the yaml path agree', { skip: SKIP }, () => {
  let files = 0;
  let fast = 0;
  for (const { dir } of CORPORA) {
    for (const file of skillFilesUnder(dir)) {
      const text = fs.readFileSync(file, 'utf8');
      const folderName = nodePath.basename(nodePath.dirname(file));
      files++;
      if (takesFastPath(text)) fast++;
      assert.deepEqual(parsed(text, true), parsed(text, false), file);
      assert.deepEqual(analysed(text, folderName, true), analysed(text, folderName, false), file);
    }
  }
  assert.ok(files >= 1000, `${files} files`);
  // Most real skills are plain: the fast path must actually be taken.
  assert.ok(fast / files > 0.6, `the fast path read ${fast} of ${files} files`);
});

// --- Generated frontmatters, aimed at the edges of the fast path --------------------------

const KEYS = [
  'name',
  'description',
  'license',
  'allowed-tools',
  'metadata',
  'when_to_use',
  'x-y',
  'Name',
  'a1',
  '1abc',
  'true',
  'null',
  'a b',
  '__proto__',
  'é',
  'k',
];
const SAFE_KEYS = ['name', 'description', 'license', 'allowed-tools', 'when_to_use', 'x-y', 'Name', 'a1'];
const SEPARATORS = [': ', ':  ', ':', ' : ', ':\t', ':   '];
const PIECES = [
  'word',
  'review code',
  'Use when asked.',
  'a,b',
  '(x)',
  'C#',
  'a:b',
  'a: b',
  'http://x.y',
  'a #b',
  'a#b',
  '---',
  '...',
  '--',
  '12',
  '1.5',
  '0x1F',
  '0o17',
  '.5',
  '+1',
  '-1',
  '1e3',
  '.inf',
  '-.Inf',
  '.NaN',
  'true',
  'False',
  'TRUE',
  'yes',
  'no',
  'on',
  'null',
  '~',
  'NULL',
  'Null',
  '',
  ' ',
  '  ',
  '-',
  '- x',
  '?',
  '? x',
  ':',
  '[a]',
  '{b: c}',
  '#',
  '&a',
  '*a',
  '!t',
  '|',
  '>',
  "'s'",
  '"q"',
  '%',
  '@',
  '`',
  'é',
  '技能',
  '😀',
  '\ud800',
  '\udc00',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\u00a0',
  '\t',
  'x\\y',
  '<<',
  '=',
  ',',
];
/** Pieces the fast path reads, so that about half the texts stay on its side of the boundary. */
const SAFE_PIECES = [
  'word',
  'review code',
  'Use when asked.',
  'a,b',
  '(x)',
  'C#',
  'a:b',
  'http://x.y',
  'a#b',
  '1.0.0',
  '2 steps',
  'é',
  '技能',
  '😀',
  '"q"',
  "'it''s'",
  '"a: b #c"',
  'true',
  'False',
  'x<y>',
  '<<',
  '=',
];
const OTHER_LINES = [
  '',
  '   ',
  '# comment',
  '  indented',
  '- item',
  'key only',
  '...',
  'a:',
  'k: |',
  '  block',
  'k: >-',
  'k: [1, 2]',
  'k: {a: b}',
];
const BREAKS = ['\n', '\n', '\n', '\r\n', '\r'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function generatedText(random: () => number): string {
  const lineCount = 1 + Math.floor(random() * 4);
  const newline = random() < 0.5 ? '\n' : pick(random, BREAKS);
  // Half the texts are built mostly from pieces the fast path reads, with a few risky ones mixed in.
  const safe = random() < 0.5;
  const lines: string[] = [];
  for (let i = 0; i < lineCount; i++) {
    if (random() < (safe ? 0.03 : 0.15)) {
      lines.push(pick(random, OTHER_LINES));
      continue;
    }
    let value = '';
    const parts = 1 + Math.floor(random() * 3);
    for (let p = 0; p < parts; p++) {
      const pieces = safe && random() < 0.95 ? SAFE_PIECES : PIECES;
      value += (p > 0 && random() < 0.7 ? ' ' : '') + pick(random, pieces);
    }
    if (random() < 0.15) value += '  ';
    const key = safe && random() < 0.9 ? pick(random, SAFE_KEYS) : pick(random, KEYS);
    lines.push(`${key}${random() < 0.85 ? ': ' : pick(random, SEPARATORS)}${value}`);
  }
  const bom = random() < 0.03 ? '\ufeff' : '';
  return `${bom}---${newline}${lines.join(newline)}${newline}---${newline}Body.${newline}`;
}

test('on 100,000 generated frontmatters, the fast path and the yaml path agree', () => {
  const random = seededRandom(20261130);
  let fast = 0;
  const total = 100_000;
  for (let i = 0; i < total; i++) {
    const text = generatedText(random);
    if (!takesFastPath(text)) continue; // the yaml path is then the only path
    fast++;
    const label = `case ${i}: ${JSON.stringify(text)}`;
    assert.deepEqual(parsed(text, true), parsed(text, false), label);
    assert.deepEqual(analysed(text, 'name', true), analysed(text, 'name', false), label);
  }
  // The generator must test both sides of the boundary.
  assert.ok(fast > total * 0.15 && fast < total * 0.85, `the fast path read ${fast} of ${total}`);
});
