// The security review on the dev repositories of test/data/review-repos: every security finding is
// one judged in its verdict file (test/data/review-verdicts/README.md), nothing more, nothing less,
// so that a rule change that moves a finding is judged again. It reports each repository's precision
// and recall and asserts only that the files are exact, not the goals. The held-out repositories are
// never run here: a run on them is a look, made on purpose with `npm run review:loo -- --held-out`.
// Every verdict file's shape is checked, and the corpus-scripts ones against
// test/data/corpus-scripts-verdicts.json, which they copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SECURITY_SEVERITY } from '../../src/core/review/securityRules';
import { validateSkillFile } from '../../src/core/lint/validateFile';
import { countO200kTokensUpTo } from '../../src/node/o200k';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { skillFilesBelow } from '../unit/corpusLocation';
import { findRepoRoot } from '../unit/engineTestUtils';

const ROOT = findRepoRoot();
const VERDICTS_DIR = path.join(ROOT, 'test', 'data', 'review-verdicts');
/** The codes the review reports: the security rules, and the lint's secret-in-skill (docs/actions.md). */
const REVIEW_CODES = new Set([...Object.keys(SECURITY_SEVERITY), 'secret-in-skill']);
const ROLES = new Set(['dev', 'held-out', 'corpus-scripts']);

interface Place {
  readonly file: string;
  readonly line: number;
  readonly code: string;
  readonly reason: string;
}
interface Verdict extends Place {
  readonly verdict: boolean;
}
interface VerdictFile {
  readonly repo: string;
  readonly commit: string;
  readonly licence: string;
  readonly role: string;
  readonly findings: readonly Verdict[];
  readonly risks: readonly Place[];
  readonly looks: readonly { date: string; design: string; note: string }[];
}

const FILES: readonly { name: string; data: VerdictFile }[] = fs
  .readdirSync(VERDICTS_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({
    name: name.slice(0, -'.json'.length),
    data: JSON.parse(fs.readFileSync(path.join(VERDICTS_DIR, name), 'utf8')) as VerdictFile,
  }));

interface Scorer {
  scoreRepository: (
    found: readonly { file: string; line: number; code: string }[],
    verdicts: VerdictFile,
  ) => { findings: number; right: number; wrong: number; risks: number; caught: number };
  ratio: (part: number, whole: number) => string;
}

function scorer(): Promise<Scorer> {
  // A variable specifier keeps this a runtime import of the .mjs (no types needed).
  const url = pathToFileURL(path.join(ROOT, 'scripts', 'review', 'reviewVerdicts.mjs')).href;
  return import(url) as Promise<Scorer>;
}

/** The review's findings on every SKILL.md below a folder, as `validate` reports them. */
async function reviewFindings(dir: string): Promise<{ file: string; line: number; code: string }[]> {
  const nodeFs = new NodeFileSystem();
  const found: { file: string; line: number; code: string }[] = [];
  const relative = (where: string) => path.relative(dir, where).split(path.sep).join('/');
  for (const file of skillFilesBelow(dir)) {
    const lint = await validateSkillFile(nodeFs, file, { countTokens: countO200kTokensUpTo });
    const all = [
      ...lint.problems.map((problem) => ({ where: file, problem })),
      ...lint.bundled.flatMap((b) => b.problems.map((problem) => ({ where: b.filePath, problem }))),
    ];
    for (const { where, problem } of all)
      if (REVIEW_CODES.has(problem.code))
        found.push({ file: relative(where), line: problem.range.start.line + 1, code: problem.code });
  }
  return found;
}

const key = (f: { file: string; line: number; code: string }) => `${f.file}:${f.line} ${f.code}`;

test('there are dev, held-out and corpus-scripts verdict files, each well formed', { timeout: 10_000 }, () => {
  const roles = FILES.map((f) => f.data.role);
  for (const role of ROLES) assert.ok(roles.includes(role), `a ${role} verdict file`);
  for (const { name, data } of FILES) {
    assert.ok(ROLES.has(data.role), `${name}: role ${data.role}`);
    assert.equal(data.repo.replace('/', '+'), name, `${name}: the file is named after its repository`);
    assert.match(data.commit, /^[0-9a-f]{40}$/, `${name}: a full commit`);
    assert.ok(data.licence.trim().length > 0, `${name}: a licence`);
    for (const entry of [...data.findings, ...data.risks]) {
      const where = `${name}: ${key(entry)}`;
      assert.ok(REVIEW_CODES.has(entry.code), `${where}: a code of the review`);
      assert.ok(Number.isInteger(entry.line) && entry.line >= 1, `${where}: a 1-based line`);
      assert.ok(!entry.file.startsWith('/') && !entry.file.includes('\\'), `${where}: a relative path with /`);
      assert.ok(entry.reason.trim().length > 0 && !entry.reason.includes('\n'), `${where}: a one-line reason`);
    }
    for (const finding of data.findings) assert.equal(typeof finding.verdict, 'boolean', `${name}: ${key(finding)}`);
    const keys = data.findings.map(key);
    assert.equal(new Set(keys).size, keys.length, `${name}: each finding judged once`);
    for (const look of data.looks) {
      assert.match(look.date, /^\d{4}-\d{2}-\d{2}$/, `${name}: a look's date`);
      assert.match(look.design, /^[0-9a-f]{40}$/, `${name}: a look's design is a commit`);
    }
    if (data.role !== 'held-out') assert.deepEqual(data.looks, [], `${name}: looks are counted on held-out files only`);
  }
});

test(
  'the corpus-scripts files copy the judged security findings of corpus-scripts-verdicts.json',
  { timeout: 10_000 },
  () => {
    const judged = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'data', 'corpus-scripts-verdicts.json'), 'utf8')) as {
        security: readonly Verdict[];
      }
    ).security;
    const copies = FILES.filter((f) => f.data.role === 'corpus-scripts');
    assert.equal(copies.length, 5);
    for (const { name, data } of copies) {
      const expected = judged
        .filter((v) => v.file.startsWith(`${name}/`))
        .map((v) => ({ ...v, file: v.file.slice(name.length + 1) }));
      const copied = data.findings.filter((f) => f.code !== 'secret-in-skill');
      assert.deepEqual(
        copied.map((f) => [key(f), f.verdict, f.reason]).sort(),
        expected.map((f) => [key(f), f.verdict, f.reason]).sort(),
        name,
      );
    }
  },
);

for (const { name, data } of FILES.filter((f) => f.data.role === 'dev')) {
  test(
    `every review finding on ${data.repo} (dev) is judged, and every verdict is still found`,
    { timeout: 240_000 },
    async (t) => {
      const dir = path.join(ROOT, 'test', 'data', 'review-repos', 'dev', name);
      const found = await reviewFindings(dir);
      const listed = data.findings.map(key);
      const actual = found.map(key);
      assert.deepEqual(
        actual.filter((k) => !listed.includes(k)).sort(),
        [],
        'findings that are not judged yet: read each one in its file and add its verdict',
      );
      assert.deepEqual(
        listed.filter((k) => !actual.includes(k)).sort(),
        [],
        'judged findings that are no longer found: say why in the commit, and remove them',
      );
      const { scoreRepository, ratio } = await scorer();
      const s = scoreRepository(found, data);
      t.diagnostic(
        `${data.repo}: ${s.findings} findings, ${s.right} true, precision ${ratio(s.right, s.right + s.wrong)}; ` +
          `${s.risks} risks, ${s.caught} caught, recall ${ratio(s.caught, s.risks)}`,
      );
    },
  );
}
