// Fuzzing the text engine: the parser and the rules (analyzeSkillText, parseSkillFile,
// findLinkCandidates) and the expansion (expandSkill, substituteBody, splitArguments) must
// never throw, whatever the text. Inputs come from a seeded PRNG, so a failure reproduces:
// its message names the seed and the case. Every analysis must report known codes with
// ranges inside the text. The expensive shapes (deep nesting, megabyte lines) are few;
// cheap random and mutated texts make up the bulk of the >= 100,000 inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as nativePath from 'node:path';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { expandSkill, splitArguments, substituteBody } from '../../src/core/loading/expand';
import { parseSkillFile, stripBom, type Span } from '../../src/core/lint/frontmatter';
import { findLinkCandidates } from '../../src/core/lint/links';
import { LineMap } from '../../src/core/base/textPositions';
import type { AnalyzeOptions, ProblemCode, Range, SkillFileAnalysis } from '../../src/core/base/types';
import { seededRandom } from '../seededRandom';

const SEED = Number(process.env.SKILLSMITH_FUZZ_SEED ?? 0x5eed);
const MIN_INPUTS = 100_000;

// A Record over ProblemCode: adding a code to types.ts without listing it here fails to compile.
const CODES: Record<ProblemCode, true> = {
  'no-skill-file': true,
  'no-frontmatter': true,
  'unclosed-frontmatter': true,
  'yaml-syntax': true,
  'frontmatter-not-mapping': true,
  'name-missing': true,
  'name-format': true,
  'name-too-long': true,
  'name-mismatch': true,
  'description-missing': true,
  'description-too-long': true,
  'compatibility-too-long': true,
  'field-type': true,
  'file-name-case': true,
  'duplicate-name': true,
  'unknown-field': true,
  bom: true,
  'description-xml': true,
  'reserved-name': true,
  'body-empty': true,
  'body-too-long': true,
  'broken-link': true,
  'dollar-argument': true,
  'actions-invalid': true,
  'action-run-missing': true,
  'action-duplicate': true,
  'action-schema-invalid': true,
  'secret-in-skill': true,
  'eval-syntax': true,
  'eval-case-invalid': true,
  'eval-unknown-skill': true,
  'eval-set-too-small': true,
  'eval-set-no-negatives': true,
  'eval-set-no-near-miss': true,
  'hidden-characters': true,
  'hidden-comment': true,
  'hidden-whitespace': true,
  'name-homoglyph': true,
  'download-exec': true,
  'destructive-delete': true,
  'reverse-shell': true,
  'obfuscated-exec': true,
  'world-writable': true,
  'tls-verification-off': true,
  'credential-access': true,
  exfiltration: true,
  'prompt-override': true,
  'conceal-from-user': true,
  'skip-confirmation': true,
  'body-too-many-tokens': true,
  'unreferenced-file': true,
  'nested-reference': true,
  'unmentioned-binary': true,
  'not-fully-reviewed': true,
  'modified-since-added': true,
  'description-overlap': true,
};
const SEVERITIES = new Set(['error', 'warning', 'info']);

// ---------------------------------------------------------------------------------------
// The shared seeded PRNG, with helpers

class Random {
  private readonly nextFloat: () => number;

  constructor(seed: number) {
    this.nextFloat = seededRandom(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextFloat();
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = this.int(256);
    return out;
  }
}

// ---------------------------------------------------------------------------------------
// Seeds: valid SKILL.md files covering docs/format.md's parsing list

const SEEDS: readonly string[] = [
  "---\nname: code-review\ndescription: Reviews a file against the team's conventions. Use when the user asks for a code review.\n---\nReview the following code for logic errors, edge cases and naming.\n\n$ARGUMENTS\n",
  '\uFEFF---\r\nname: code-review\r\ndescription: >-\r\n  Folded text\r\n  on two lines.\r\nlicense: MIT\r\n---  \r\n# Title\r\nSee [guide](references/guide.md) and `scripts/run.sh --fast`.\r\n',
  '---\nname: "code-review"\ndescription: |\n  Literal text.\n  Second line: with a colon.\nmetadata:\n  author: me\n  version: "1.0"\nallowed-tools: Read Grep Bash\n---\nUse $ARGUMENTS[0] and $1, in ${SKILL_DIR}, not \\$ARGUMENTS.\n\n```sh\nscripts/inside-fence.sh\n```\n[ref]: references/ref.md#part\n',
  '---\n{name: code-review, description: "Flow mapping. Use when testing."}\n---\nBody with ![img](assets/logo.png) and [anchor](#section) and [web](https://example.com).\n',
  '---\nname: code-review\ndescription: before --- after, a plain\n  multi-line description wrapped by a formatter.\ndisable-model-invocation: true\nargument-hint: "[file]"\nhooks:\n  - one\n  - two\n---\n~~~\n[x](nowhere.md)\n~~~\n- [ ] `references/{{file}}` <path>\n',
  "---\nname: 123\ndescription: 'single quoted: with colon'\ncompatibility: node >= 20\nallowed-tools:\n  - Read\n  - Write\nanchors: &a {x: 1}\nalias: *a\n---\n\n",
  '---\n---\n',
  '---\nname: мой-навык\ndescription: Unicode 技能 😀 name. Use when testing Unicode.\n---\nTexte accentué, emoji 👍🏽, RTL \u202Eabc.\n',
];

// Pieces that stress the YAML reader, the fence finder and the body scanners.
const TOKENS: readonly string[] = [
  '---',
  '---\n',
  '\n---\n',
  '...',
  '\t',
  '  ',
  ': ',
  ':',
  '"',
  "'",
  '\\',
  '{',
  '}',
  '[',
  ']',
  ',',
  '?',
  '? ',
  '- ',
  '-',
  '#',
  ' #',
  '|',
  '|-',
  '>',
  '>-',
  '&anchor ',
  '*alias',
  '&a ',
  '*a',
  '<<: *a',
  '!!tag ',
  '!!str ',
  '!!binary ',
  '!<tag:x> ',
  '!local ',
  '%YAML 1.2\n',
  '%TAG ! tag:example.com,2000:\n',
  '%',
  '@',
  '`',
  '```',
  '~~~',
  '](',
  ']:',
  '![',
  '[x](',
  '(',
  ')',
  '<',
  '>',
  '\uFEFF',
  '\0',
  '\r',
  '\n',
  '\r\n',
  '\u2028',
  '\u0085',
  '\uFFFD',
  '\uD800',
  '\uDC00',
  '😀',
  'é',
  'İ',
  'ß',
  '\u0301',
  'name: ',
  'description: ',
  'metadata:\n  ',
  'allowed-tools: ',
  'disable-model-invocation: true',
  'null',
  '~',
  'true',
  '0x1F',
  '1e9999',
  '$ARGUMENTS',
  '$ARGUMENTS[1]',
  '$0',
  '$9',
  '${SKILL_DIR}',
  '${CLAUDE_SKILL_DIR}',
  '\\$',
  'references/',
  'scripts/a.sh',
  'assets/x',
  '%2e%2e/',
  'Use when: the user asks',
  'x'.repeat(70),
  'claude',
  'anthropic',
];

// ---------------------------------------------------------------------------------------
// Generators

function randomUtf8(r: Random): string {
  return Buffer.from(r.bytes(r.int(400))).toString('utf8');
}

function randomLatin1(r: Random): string {
  return Buffer.from(r.bytes(r.int(400))).toString('latin1');
}

function randomTokens(r: Random): string {
  const parts = ['---\n'];
  const count = 1 + r.int(40);
  for (let i = 0; i < count; i++) parts.push(r.chance(0.15) ? 'word' : r.pick(TOKENS));
  if (r.chance(0.7)) parts.push('\n---\n');
  for (let i = r.int(10); i > 0; i--) parts.push(r.pick(TOKENS));
  return parts.join('');
}

type Mutation = (r: Random, text: string) => string;

function at(r: Random, text: string): number {
  return r.int(text.length + 1);
}

function lineSplit(text: string): string[] {
  return text.split(/(?<=\n)/);
}

const MUTATIONS: readonly Mutation[] = [
  // Flip bits in the UTF-8 bytes, then decode (invalid sequences become U+FFFD).
  (r, text) => {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length === 0) return text;
    for (let i = 1 + r.int(3); i > 0; i--) bytes[r.int(bytes.length)] ^= 1 << r.int(8);
    return bytes.toString('utf8');
  },
  // Insert a token (or a run of one).
  (r, text) => {
    const i = at(r, text);
    return text.slice(0, i) + r.pick(TOKENS).repeat(r.chance(0.1) ? 1 + r.int(50) : 1) + text.slice(i);
  },
  // Delete a chunk.
  (r, text) => {
    const i = at(r, text);
    return text.slice(0, i) + text.slice(i + 1 + r.int(40));
  },
  // Copy a chunk elsewhere.
  (r, text) => {
    const i = at(r, text);
    const chunk = text.slice(i, i + 1 + r.int(60));
    const j = at(r, text);
    return text.slice(0, j) + chunk + text.slice(j);
  },
  // Duplicate a line.
  (r, text) => {
    const lines = lineSplit(text);
    const i = r.int(lines.length);
    lines.splice(i, 0, ...Array<string>(1 + r.int(3)).fill(lines[i]));
    return lines.join('');
  },
  // Swap two lines (moves fences into the body and back).
  (r, text) => {
    const lines = lineSplit(text);
    const i = r.int(lines.length);
    const j = r.int(lines.length);
    [lines[i], lines[j]] = [lines[j], lines[i]];
    return lines.join('');
  },
  // Inject a `---` line.
  (r, text) => {
    const lines = lineSplit(text);
    lines.splice(r.int(lines.length + 1), 0, r.pick(['---\n', '--- \n', '---\t\n', '----\n', '...\n']));
    return lines.join('');
  },
  // Indent a line with tabs, or with more spaces.
  (r, text) => {
    const lines = lineSplit(text);
    const i = r.int(lines.length);
    lines[i] = (r.chance(0.5) ? '\t' : ' '.repeat(1 + r.int(6))) + lines[i];
    return lines.join('');
  },
  // Line endings: CR only, CRLF, or mixed.
  (r, text) => {
    const choice = r.int(3);
    if (choice === 0) return text.replace(/\r?\n/g, '\r');
    if (choice === 1) return text.replace(/\r?\n/g, '\r\n');
    return text.replace(/\n/g, () => r.pick(['\n', '\r\n', '\r']));
  },
  // A BOM somewhere in the middle (or two at the start).
  (r, text) => {
    const i = r.chance(0.2) ? 0 : at(r, text);
    return text.slice(0, i) + '\uFEFF' + text.slice(i);
  },
  // NUL bytes.
  (r, text) => {
    const i = at(r, text);
    return text.slice(0, i) + '\0'.repeat(1 + r.int(4)) + text.slice(i);
  },
  // Truncate.
  (r, text) => text.slice(0, at(r, text)),
  // Replace a character with a random code unit (lone surrogates included).
  (r, text) => {
    const i = r.int(Math.max(1, text.length));
    return text.slice(0, i) + String.fromCharCode(r.int(0x10000)) + text.slice(i + 1);
  },
];

function mutated(r: Random): string {
  let text = r.pick(SEEDS);
  for (let n = 1 + r.int(4); n > 0; n--) text = r.pick(MUTATIONS)(r, text);
  return text;
}

const DEPTH = 5000;
const MEGABYTE = 1024 * 1024;
const HEAD = '---\nname: code-review\ndescription: ';
const TAIL = '\n---\nBody.\n';

/** The expensive shapes: each runs once. */
function expensiveCases(): { name: string; text: string; expect?: ProblemCode }[] {
  const deepIndent = Array.from({ length: DEPTH }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
  const deepSeq = Array.from({ length: DEPTH }, (_, i) => `${' '.repeat(i)}- `).join('\n');
  return [
    { name: `${DEPTH} levels of [`, text: HEAD + '['.repeat(DEPTH) + TAIL, expect: 'yaml-syntax' },
    { name: `${DEPTH} balanced [ ]`, text: HEAD + '['.repeat(DEPTH) + ']'.repeat(DEPTH) + TAIL, expect: 'yaml-syntax' },
    { name: `${DEPTH} levels of {`, text: HEAD + '{'.repeat(DEPTH) + TAIL, expect: 'yaml-syntax' },
    {
      name: `${DEPTH} balanced {a: }`,
      text: HEAD + '{a: '.repeat(DEPTH) + '}'.repeat(DEPTH) + TAIL,
      expect: 'yaml-syntax',
    },
    { name: `${DEPTH} levels of indented keys`, text: `---\n${deepIndent}\n---\nBody.\n`, expect: 'yaml-syntax' },
    {
      name: `${DEPTH} levels of indented sequences`,
      text: `---\nname: x\nd:\n${deepSeq}x\n---\nBody.\n`,
      expect: 'yaml-syntax',
    },
    { name: `${DEPTH} nested [ in the body`, text: HEAD + 'ok' + TAIL + '['.repeat(DEPTH) },
    {
      name: 'alias bomb',
      text:
        '---\na: &a [x,x,x,x,x,x,x,x,x,x]\n' +
        Array.from(
          { length: 12 },
          (_, i) =>
            `b${i}: &b${i} [${Array(10)
              .fill(i ? `*b${i - 1}` : '*a')
              .join(',')}]`,
        ).join('\n') +
        '\n---\n',
    },
    { name: '1 MB body line', text: HEAD + 'ok' + TAIL + 'a'.repeat(MEGABYTE) },
    { name: '1 MB description line', text: HEAD + 'a'.repeat(MEGABYTE) + TAIL },
    { name: '1 MB line without frontmatter', text: 'b'.repeat(MEGABYTE) },
    { name: '1 MB opening fence line', text: '---' + ' '.repeat(MEGABYTE) + '\nname: x\n---\n' },
    { name: '1 MB unclosed frontmatter', text: '---\n' + 'k: v\n'.repeat(MEGABYTE / 5) },
    { name: '1 MB of ]( in a body line', text: HEAD + 'ok' + TAIL + '](('.repeat(MEGABYTE / 3) },
    { name: '1 MB of ]( ( in a body line', text: HEAD + 'ok' + TAIL + '](a('.repeat(MEGABYTE / 4) },
    { name: '1 MB of links in a body line', text: HEAD + 'ok' + TAIL + '[a](references/x.md) '.repeat(MEGABYTE / 21) },
    { name: '1 MB of backticks in a body line', text: HEAD + 'ok' + TAIL + '`a'.repeat(MEGABYTE / 2) },
    { name: '1 MB of `references/ spans', text: HEAD + 'ok' + TAIL + '`references/x` '.repeat(MEGABYTE / 15) },
    { name: '1 MB of [x]: lines', text: HEAD + 'ok' + TAIL + '[x]: references/y\n'.repeat(MEGABYTE / 18) },
    { name: '1 MB of [ in a body line', text: HEAD + 'ok' + TAIL + '['.repeat(MEGABYTE) + ']:' },
    { name: '1 MB of $ARGUMENTS', text: HEAD + 'ok' + TAIL + '$ARGUMENTS[1]$2\\$'.repeat(MEGABYTE / 18) },
    {
      name: '1 MB of :1 line suffixes after a path',
      text:
        HEAD + 'ok' + TAIL + '`scripts/' + ':1'.repeat(MEGABYTE / 4) + 'x` [a](./r' + ':1'.repeat(MEGABYTE / 4) + 'y)',
    },
    {
      name: '1 MB "e.g." list of links',
      text: HEAD + 'ok' + TAIL + 'e.g. ' + '[a](references/x.md), `scripts/y.sh` or '.repeat(MEGABYTE / 40),
    },
    {
      name: '1 MB of escaped and other dollars, in and out of code',
      text:
        HEAD +
        'ok' +
        TAIL +
        '`\\$1 $HOME` \\$10,000 $ $5 '.repeat(MEGABYTE / 26) +
        '\n```\n' +
        '\\$1 $x $'.repeat(MEGABYTE / 9),
    },
    { name: '1 MB of NUL', text: HEAD + '\0'.repeat(MEGABYTE) + TAIL + '\0'.repeat(MEGABYTE) },
    { name: 'CR-only line endings, 256 KB', text: '---\r' + 'name: x\r'.repeat(32 * 1024) + '---\r' },
    { name: '1 MB of --- lines in the body', text: HEAD + 'ok' + TAIL + '---\n'.repeat(MEGABYTE / 4) },
    {
      name: '20,000 plain continuation lines with a colon',
      text: HEAD + 'Use when: x\n' + '  more: words\n'.repeat(20_000) + TAIL,
    },
    {
      name: '5,000-line body',
      text: HEAD + 'ok' + TAIL + 'A line of the body with `scripts/x.sh` and [a](references/b.md).\n'.repeat(5000),
    },
  ];
}

/** Inputs that once broke an invariant, kept so that they run whatever the seed. */
const REGRESSIONS: readonly { name: string; text: string }[] = [
  // A YAML error span ending between the \r and \n of a CRLF: character past the line's end.
  {
    name: 'error span ending inside a CRLF',
    text: '---\r\nname: code-review\r\nhooks:\r\nhooks:\r\n  - one\r\n---\r\nBody.\r\n',
  },
  // YAML reads a key across a lone \r (no line break to it): the `: ` fix's range ran backwards.
  {
    name: 'colon value after a key spanning a lone CR',
    text: '---\rname: x\ndescription: a p\r\r\nlain\r  more.\rdisable-model-invocation: true\rhint: "[f]"\rhooks:\r  - one\n---\nBody.\n',
  },
];

// ---------------------------------------------------------------------------------------
// Invariants

function fail(what: string, label: string, text: string, detail: string): never {
  const sample = JSON.stringify(text.length > 300 ? text.slice(0, 300) + '…' : text);
  assert.fail(`${what} for ${label} (seed ${SEED}; ${text.length} chars ${sample}): ${detail}`);
}

function checkRange(range: Range, lines: LineMap, where: string): string | undefined {
  for (const position of [range.start, range.end]) {
    const { line, character } = position;
    if (!Number.isInteger(line) || !Number.isInteger(character))
      return `${where}: non-integer position ${JSON.stringify(position)}`;
    if (line < 0 || line >= lines.lineCount) return `${where}: line ${line} outside 0..${lines.lineCount - 1}`;
    const length = lines.lineContentEnd(line) - lines.lineStarts[line];
    if (character < 0 || character > length)
      return `${where}: character ${character} outside line ${line} (length ${length})`;
  }
  const { start, end } = range;
  if (start.line > end.line || (start.line === end.line && start.character > end.character))
    return `${where}: start after end ${JSON.stringify(range)}`;
  return undefined;
}

function checkSpan(span: Span | undefined, length: number, where: string): string | undefined {
  if (!span) return undefined;
  if (!(span.start >= 0 && span.start <= span.end && span.end <= length))
    return `${where}: span ${JSON.stringify(span)} outside 0..${length}`;
  return undefined;
}

function checkAnalysis(analysis: SkillFileAnalysis, lines: LineMap): string | undefined {
  for (const [i, p] of analysis.problems.entries()) {
    if (!Object.prototype.hasOwnProperty.call(CODES, p.code)) return `problem ${i}: unknown code ${String(p.code)}`;
    if (!SEVERITIES.has(p.severity)) return `problem ${i}: unknown severity ${String(p.severity)}`;
    if (typeof p.message !== 'string' || p.message.trim() === '') return `problem ${i} (${p.code}): empty message`;
    const bad = checkRange(p.range, lines, `problem ${i} (${p.code})`);
    if (bad) return bad;
    for (const fix of p.fixes ?? []) {
      for (const edit of fix.edits) {
        const badEdit = checkRange(edit.range, lines, `fix '${fix.title}' of ${p.code}`);
        if (badEdit) return badEdit;
      }
    }
  }
  if (analysis.nameRange) {
    const bad = checkRange(analysis.nameRange, lines, 'nameRange');
    if (bad) return bad;
  }
  if (analysis.bodyOffset !== undefined && (analysis.bodyOffset < 0 || analysis.bodyOffset > lines.text.length))
    return `bodyOffset ${analysis.bodyOffset} outside the text`;
  if (analysis.bodyLine !== undefined && (analysis.bodyLine < 0 || analysis.bodyLine >= lines.lineCount))
    return `bodyLine ${analysis.bodyLine} outside the text`;
  return undefined;
}

const FOLDERS = ['code-review', 'мой-навык', 'x', '', 'Code_Review'];
const FILE_NAMES = ['SKILL.md', 'skill.md', 'Skill.MD'];

/** Runs the entry points over `text` (all of them when `full`, else on a share); returns the analysis. */
function exercise(r: Random, text: string, label: string, full: boolean): SkillFileAnalysis {
  const lines = new LineMap(stripBom(text).text);
  const options: AnalyzeOptions = {
    folderName: r.pick(FOLDERS),
    fileName: r.pick(FILE_NAMES),
    unicodeNames: r.chance(0.3),
    complete: r.chance(0.8),
    hasBom: r.chance(0.05),
  };
  let analysis: SkillFileAnalysis;
  try {
    analysis = analyzeSkillText(text, options);
  } catch (error) {
    fail('analyzeSkillText threw', label, text, String((error as Error)?.stack ?? error));
  }
  const bad = checkAnalysis(analysis, lines);
  if (bad) fail('bad analysis', label, text, bad);

  // The rest is cheaper per call but adds up: run it on a share of the cheap inputs.
  if (!full && !r.chance(0.1)) return analysis;
  try {
    for (const c of findLinkCandidates(text)) {
      const badLink = checkRange(c.range, lines, `link candidate '${c.target}'`);
      if (badLink) fail('bad link candidate', label, text, badLink);
    }
    const parsed = parseSkillFile(text);
    const length = parsed.text.length;
    const split = parsed.split;
    const spanProblems = [
      split.kind !== 'no-frontmatter' ? checkSpan(split.open, length, 'open fence') : undefined,
      split.kind === 'closed'
        ? (checkSpan(split.close, length, 'close fence') ?? checkSpan(split.yaml, length, 'yaml'))
        : undefined,
      checkSpan(parsed.yamlError?.span, length, 'yaml error'),
      checkSpan(parsed.notMappingSpan, length, 'not-mapping'),
      ...parsed.fields.flatMap((f) => [
        checkSpan(f.keySpan, length, `key ${f.key}`),
        checkSpan(f.value.span, length, `value of ${f.key}`),
      ]),
    ].filter((p) => p !== undefined);
    if (spanProblems.length > 0) fail('bad parse', label, text, spanProblems[0]);
    const body = analysis.bodyOffset !== undefined ? lines.text.slice(analysis.bodyOffset) : text;
    const args = r.chance(0.5)
      ? text.slice(r.int(text.length + 1)).slice(0, 200)
      : r.pick(['', 'a b', '"a b" \'c\'', '\\', '"unclosed', 'x $1 $ARGUMENTS']);
    const words = splitArguments(args);
    assert.ok(Array.isArray(words) && words.every((w) => typeof w === 'string'));
    assert.equal(typeof substituteBody(body, args, '/skills/x'), 'string');
    const expansion = expandSkill({
      skillDir: '/skills/x',
      body,
      args,
      bundledFiles: r.chance(0.2) ? ['scripts/a.sh', text.slice(0, 20)] : [],
      fileBytes: text.length,
    });
    assert.ok(expansion.startsWith(`Base directory for this skill: ${nativePath.normalize('/skills/x')}\n\n`));
  } catch (error) {
    if (error instanceof assert.AssertionError) throw error;
    fail('an entry point threw', label, text, String((error as Error)?.stack ?? error));
  }
  return analysis;
}

// ---------------------------------------------------------------------------------------
// The run

test(`fuzz: ${MIN_INPUTS.toLocaleString('en')}+ generated texts never make the parser, the rules or the expansion throw`, (t) => {
  const started = performance.now();
  const r = new Random(SEED);
  const counts = new Map<string, { n: number; ms: number }>();
  const count = (kind: string, since: number) => {
    const entry = counts.get(kind) ?? { n: 0, ms: 0 };
    counts.set(kind, { n: entry.n + 1, ms: entry.ms + performance.now() - since });
  };

  for (const { name, text } of REGRESSIONS) exercise(r, text, name, true);
  for (const { name, text, expect } of expensiveCases()) {
    const since = performance.now();
    const analysis = exercise(r, text, name, true);
    if (expect)
      assert.ok(
        analysis.problems.some((p) => p.code === expect),
        `${name}: expected ${expect}, got ${analysis.problems.map((p) => p.code).join(', ')}`,
      );
    count('expensive', since);
  }
  const generators: readonly [string, (r: Random) => string][] = [
    ['random bytes as UTF-8', randomUtf8],
    ['random bytes as latin1', randomLatin1],
    ['token soup', randomTokens],
    ['mutated SKILL.md', mutated],
    ['mutated SKILL.md', mutated],
    ['mutated SKILL.md', mutated],
  ];
  let total = counts.get('expensive')?.n ?? 0;
  for (let i = 0; total < MIN_INPUTS; i++, total++) {
    const since = performance.now();
    const [kind, generate] = generators[i % generators.length];
    exercise(r, generate(r), `${kind} #${i}`, false);
    count(kind, since);
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const kinds = [...counts].map(([kind, { n, ms }]) => `${kind}: ${n} in ${(ms / 1000).toFixed(1)} s`);
  t.diagnostic(`${total} inputs in ${seconds} s (seed ${SEED}); ${kinds.join(', ')}`);
  assert.ok(total >= MIN_INPUTS);
});
