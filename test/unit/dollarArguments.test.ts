// dollar-argument: a `$N` in code, or a dollar amount, that loading would replace by an
// argument. Exact ranges, what is left alone, the quick fix, and the proof through the
// expansion itself that the fixed text is kept as written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dollarAmountLength } from '../../src/core/lint/dollarArguments';
import { expandSkill, substituteBody } from '../../src/core/loading/expand';
import { analyze, applyFix, codes, rangeTuple, skill } from './lintTestUtils';

const VALID = ['name: code-review', 'description: Reviews a file. Use when asked for a review.'];

/** The dollar-argument problems of a body, as [text, line, start, end] (lines of the whole file). */
function found(body: string, eol = '\n'): [string, number, number, number][] {
  const text = skill(VALID, body, eol);
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  return analyze(text)
    .problems.filter((p) => p.code === 'dollar-argument')
    .map((p) => {
      const [line, start, endLine, end] = rangeTuple(p.range);
      assert.equal(endLine, line);
      return [lines[line].slice(start, end), line, start, end];
    });
}

/** Every fix of every dollar-argument problem applied, one after the other. */
function fixAll(text: string): string {
  for (;;) {
    const problem = analyze(text).problems.find((p) => p.code === 'dollar-argument');
    if (!problem) return text;
    assert.equal(problem.fixes?.length, 1);
    text = applyFix(text, problem.fixes[0]);
  }
}

test('dollar-argument: $N inside a code span or a fenced block, at its exact range', () => {
  const body = [
    "Print the first column with `awk '{print $1}'` and `cut -f$2`.", // line 4
    '```bash',
    "BASE=$(git log | awk '{print $1}')   # $10 too",
    '```',
    '~~~',
    'echo "$0"',
    '~~~',
  ].join('\n');
  assert.deepEqual(found(body), [
    ['$1', 4, 41, 43],
    ['$2', 4, 58, 60],
    ['$1', 6, 29, 31],
    ['$10', 6, 39, 42],
    ['$0', 9, 6, 8],
  ]);
  const problem = analyze(skill(VALID, body)).problems.find((p) => p.code === 'dollar-argument')!;
  assert.equal(problem.severity, 'info');
  assert.match(problem.message, /'\$1' in code is replaced by the 2nd argument when the skill is loaded/);
  assert.match(problem.message, /Write '\\\$1'/);
});

test('dollar-argument: a dollar amount anywhere, its whole amount as the range', () => {
  const body = [
    'It costs $100, or $9.99 a month, or $1,000 a year.', // line 4
    'Budgets: $5K, $2.4M, ~$3bn, $1-3M, $800-1,500, $0.50.',
    'In code: `price = "$12"`.',
  ].join('\n');
  assert.deepEqual(
    found(body).map(([text, line]) => [text, line]),
    [
      ['$100', 4],
      ['$9.99', 4],
      ['$1,000', 4],
      ['$5K', 5],
      ['$2.4M', 5],
      ['$3bn', 5],
      ['$1-3M', 5],
      ['$800-1,500', 5],
      ['$0.50', 5],
      ['$12', 6],
    ],
  );
  const amount = analyze(skill(VALID, body)).problems.find((p) => p.code === 'dollar-argument')!;
  assert.match(amount.message, /'\$100' reads as an amount, but its '\$100' is replaced by the 101st argument/);
  const decimals = analyze(skill(VALID, body)).problems.filter((p) => p.code === 'dollar-argument')[1];
  assert.match(decimals.message, /'\$9\.99' reads as an amount, but its '\$9' is replaced by the 10th argument/);
});

test('dollar-argument: intended placeholders and escapes are left alone', () => {
  const body = [
    'Review $ARGUMENTS, then $ARGUMENTS[0] and $1 in prose (#$1, @$1, $0-based).',
    'Run `${SKILL_DIR}/scripts/a.sh $ARGUMENTS` and `${CLAUDE_SKILL_DIR}/b $ARGUMENTS[1]`.',
    "Escaped: `awk '{print \\$1}'` costs \\$100; a shell `$HOME`, `$PATH`, `$(pwd)` and `$$`.",
    'Lists: $1, $2 and $3. Sentence end: $1. Dash: $1-$2, $1-deploy.json.',
    '```',
    'echo "$ARGUMENTS" \\$1 ${SKILL_DIR} $name',
    '```',
  ].join('\n');
  assert.deepEqual(found(body), []);
});

test('dollar-argument: the quick fix writes \\$, and the expansion then keeps the text as written', () => {
  const body = "Print with `awk '{print $1}'` for $9.99 or $1,000, for $ARGUMENTS.\n```sh\ncut -d, -f$2\n```\n";
  const text = skill(VALID, body);
  const first = analyze(text).problems.find((p) => p.code === 'dollar-argument')!;
  assert.equal(first.fixes?.[0].title, 'Escape the dollar sign: \\$1');
  assert.equal(first.fixes?.[0].isPreferred, true);
  assert.deepEqual(rangeTuple(first.fixes[0].edits[0].range), [4, 24, 4, 25]);
  assert.equal(applyFix(text, first.fixes[0]), text.replace("'{print $1}'", "'{print \\$1}'"));

  const fixed = fixAll(text);
  assert.equal(
    fixed,
    skill(
      VALID,
      "Print with `awk '{print \\$1}'` for \\$9.99 or \\$1,000, for $ARGUMENTS.\n```sh\ncut -d, -f\\$2\n```\n",
    ),
  );
  assert.deepEqual(codes(analyze(fixed)), []);

  // Before the fix, loading eats the text; after it, the model gets it as written.
  const args = 'src/a.ts tabs';
  assert.equal(
    substituteBody(body, args, '/skills/code-review'),
    "Print with `awk '{print tabs}'` for .99 or tabs,000, for src/a.ts tabs.\n```sh\ncut -d, -f\n```\n",
  );
  const fixedBody = fixed.slice(fixed.indexOf('---\n', 4) + 4);
  const expansion = expandSkill({ skillDir: '/skills/code-review', body: fixedBody, args });
  // The base directory line is written the platform's way; the body follows it.
  assert.match(expansion, /^Base directory for this skill: [^\n]+\n\n/);
  assert.equal(
    expansion.slice(expansion.indexOf('\n\n') + 2),
    "Print with `awk '{print $1}'` for $9.99 or $1,000, for src/a.ts tabs.\n```sh\ncut -d, -f$2\n```",
  );
});

test('dollar-argument: CRLF, a BOM, an unclosed fence, and only a readable, complete file', () => {
  assert.deepEqual(found('`$1`\r\n```\r\n$2\r\n', '\r\n'), [
    ['$1', 4, 1, 3],
    ['$2', 6, 0, 2],
  ]);
  const withBom = '\uFEFF' + skill(VALID, 'Pay $100.\n');
  const problem = analyze(withBom).problems.find((p) => p.code === 'dollar-argument');
  assert.deepEqual(rangeTuple(problem!.range), [4, 4, 4, 8]);
  // A fence that never closes runs to the end of the file; its info string is not code.
  assert.deepEqual(found('```bash $1\necho $1\n'), [['$1', 5, 5, 7]]);
  // The frontmatter is not the body; a broken file reports its structural error alone.
  assert.deepEqual(found(''), []);
  assert.equal(
    codes(analyze(skill([...VALID, 'argument-hint: "$1 costs $100"'], 'Text.\n'))).includes('dollar-argument'),
    false,
  );
  assert.deepEqual(codes(analyze('---\nname: code-review\n`$1`\n')), ['unclosed-frontmatter']);
  assert.deepEqual(codes(analyze(skill(VALID, 'Pay $100.\n'), { complete: false })), []);
});

test('dollarAmountLength: what reads as an amount', () => {
  const cases: [string, number | undefined][] = [
    ['$100', 4],
    ['$10', 3],
    ['$9.99', 5],
    ['$1,000,000 total', 10],
    ['$5k', 3],
    ['$5K-10K', 7],
    ['$2.4K-7.2K', 10],
    ['$1B.', 3],
    ['$10,000-$50,000', 7],
    ['$1', undefined],
    ['$1.', undefined],
    ['$1, $2', undefined],
    ['$1,0000', undefined],
    ['$5kg', undefined],
    ['$1-$2', undefined],
    ['$1-deploy', undefined],
    ['$ARGUMENTS', undefined],
  ];
  for (const [text, length] of cases) assert.equal(dollarAmountLength(text), length, text);
});
