// The review on real skills that ship scripts (../shared/corpus-scripts, five public
// repositories): every security finding is the one judged in test/data/corpus-scripts-verdicts.json
// (nothing more, nothing less), none is an error, and each security rule is at least 0.9 precise
// by those verdicts or is information. For each quality rule the judged sample is still found
// and the rule's total is unchanged. A change to a rule that moves a finding makes this fail, so
// that the finding is judged again. Without the corpus this fails, unless
// SKILLSMITH_CORPUS_OPTIONAL=1 says that skipping is meant (test/unit/corpusLocation.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Problem } from '../../src/core/base/types';
import { QUALITY_SEVERITY, SECURITY_SEVERITY } from '../../src/core/review/securityRules';
import { validateSkillFile } from '../../src/core/lint/validateFile';
import { countO200kTokensUpTo } from '../../src/node/o200k';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { corpusForTests, skillFilesBelow } from '../unit/corpusLocation';
import { findRepoRoot } from '../unit/engineTestUtils';

const CORPUS = corpusForTests('corpus-scripts', { requiredUnlessOptional: true });

interface Verdicts {
  readonly security: readonly {
    file: string;
    line: number;
    code: string;
    verdict: boolean;
    reason: string;
  }[];
  readonly quality: Readonly<
    Record<
      string,
      {
        total: number;
        seed: number;
        sample: readonly { file: string; subject: string; verdict: boolean; reason: string }[];
      }
    >
  >;
}

const VERDICTS = JSON.parse(
  fs.readFileSync(path.join(findRepoRoot(), 'test', 'data', 'corpus-scripts-verdicts.json'), 'utf8'),
) as Verdicts;

/** The bundled file a quality finding is about, as its message names it (empty for the body). */
const SUBJECT: Readonly<Record<string, RegExp>> = {
  'unreferenced-file': /^Nothing references (.+?): not SKILL\.md/,
  'nested-reference': /^(.+?) is reached only through /,
  'unmentioned-binary': /never mentions: (.+?)\. A program/,
};

interface Found {
  readonly file: string;
  readonly problem: Problem;
}

let findings: Promise<Found[]> | undefined;
/** Every finding on the corpus, once for the whole file. */
function allFindings(dir: string): Promise<Found[]> {
  findings ??= (async () => {
    const nodeFs = new NodeFileSystem();
    const found: Found[] = [];
    for (const file of skillFilesBelow(dir)) {
      const lint = await validateSkillFile(nodeFs, file, { countTokens: countO200kTokensUpTo });
      const relative = (where: string) => path.relative(dir, where).split(path.sep).join('/');
      for (const problem of lint.problems) found.push({ file: relative(file), problem });
      for (const bundled of lint.bundled)
        for (const problem of bundled.problems) found.push({ file: relative(bundled.filePath), problem });
    }
    return found;
  })();
  return findings;
}

test(
  'every security finding on corpus-scripts is a judged one, and none is an error',
  { skip: CORPUS.skip, timeout: 240_000 },
  async () => {
    const found = (await allFindings(CORPUS.dir)).filter((f) => f.problem.code in SECURITY_SEVERITY);
    const key = (file: string, line: number, code: string) => `${file}:${line} ${code}`;
    const listed = VERDICTS.security.map((v) => key(v.file, v.line, v.code)).sort();
    const actual = found.map((f) => key(f.file, f.problem.range.start.line + 1, f.problem.code)).sort();
    assert.deepEqual(
      actual.filter((k) => !listed.includes(k)),
      [],
      'security findings that are not judged yet: read each one and add its verdict',
    );
    assert.deepEqual(
      listed.filter((k) => !actual.includes(k)),
      [],
      'judged security findings that are no longer found: say why in the commit, and remove them',
    );
    assert.deepEqual(
      found.filter((f) => f.problem.severity === 'error').map((f) => f.file),
      [],
    );
  },
);

test('each security rule is at least 0.9 precise by the verdicts, or is information', { timeout: 10_000 }, () => {
  const byCode = new Map<string, { right: number; all: number }>();
  for (const { code, verdict, reason } of VERDICTS.security) {
    assert.ok(reason.trim().length > 0, `${code}: every verdict has a reason`);
    const entry = byCode.get(code) ?? { right: 0, all: 0 };
    entry.all++;
    if (verdict) entry.right++;
    byCode.set(code, entry);
  }
  for (const [code, { right, all }] of byCode)
    if (right / all < 0.9)
      assert.equal(SECURITY_SEVERITY[code as keyof typeof SECURITY_SEVERITY], 'info', `${code}: ${right}/${all}`);
  // The figures docs/rules.md gives ("Measured on real skills with scripts").
  assert.deepEqual(Object.fromEntries([...byCode].map(([code, e]) => [code, `${e.right}/${e.all}`]).sort()), {
    'credential-access': '6/6',
    'destructive-delete': '12/13',
    'download-exec': '23/23',
    'skip-confirmation': '15/15',
    'tls-verification-off': '2/2',
  });
});

test(
  "each quality rule's judged sample is still found, and its total is unchanged",
  { skip: CORPUS.skip, timeout: 240_000 },
  async () => {
    const found = await allFindings(CORPUS.dir);
    assert.deepEqual(Object.keys(VERDICTS.quality).sort(), Object.keys(QUALITY_SEVERITY).sort());
    for (const [code, judged] of Object.entries(VERDICTS.quality)) {
      const keys = found
        .filter((f) => f.problem.code === code)
        .map((f) => `${f.file}|${SUBJECT[code]?.exec(f.problem.message)?.[1] ?? ''}`);
      assert.equal(keys.length, judged.total, `${code}: the total changed; draw and judge the sample again`);
      assert.equal(judged.sample.length, Math.min(60, judged.total), code);
      for (const entry of judged.sample)
        assert.ok(keys.includes(`${entry.file}|${entry.subject}`), `${code}: ${entry.file} ${entry.subject} is gone`);
    }
  },
);

test('the quality samples are judged, each with a reason; the figures docs/rules.md gives', { timeout: 10_000 }, () => {
  const figures: Record<string, string> = {};
  for (const [code, judged] of Object.entries(VERDICTS.quality)) {
    for (const entry of judged.sample) assert.ok(entry.reason.trim().length > 0, `${code}: ${entry.file}`);
    figures[code] = `${judged.sample.filter((s) => s.verdict).length}/${judged.sample.length} of ${judged.total}`;
  }
  assert.deepEqual(figures, {
    'body-too-many-tokens': '54/54 of 54',
    'nested-reference': '60/60 of 76',
    'unmentioned-binary': '0/0 of 0',
    'unreferenced-file': '60/60 of 398',
  });
});
