// The security rules on both real corpora: every finding is the one listed, with its verdict,
// in securityCorpusFindings.ts (nothing more, nothing less), none is an error, each rule's
// precision over the list is at least 0.9 or the rule is information, and body-too-many-tokens
// agrees with the tokenizer library run on its own over every body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer/cjs/encoding/o200k_base';
import type { Problem } from '../../src/core/base/types';
import { QUALITY_SEVERITY, SECURITY_SEVERITY } from '../../src/core/review/securityRules';
import { validateSkillFile } from '../../src/core/lint/validateFile';
import { countO200kTokensUpTo } from '../../src/node/o200k';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { corpusForTests, skillFilesBelow } from '../unit/corpusLocation';
import { SECURITY_CORPUS_FINDINGS } from './securityCorpusFindings';

const CORPUS = corpusForTests('corpus');
const WIDE = corpusForTests('corpus-wide');
const SECURITY_CODES = new Set([...Object.keys(SECURITY_SEVERITY), ...Object.keys(QUALITY_SEVERITY)]);

interface Found {
  readonly key: string;
  readonly problem: Problem;
}

async function findingsOf(corpus: 'corpus' | 'corpus-wide', dir: string): Promise<Found[]> {
  const nodeFs = new NodeFileSystem();
  const found: Found[] = [];
  for (const file of skillFilesBelow(dir)) {
    const lint = await validateSkillFile(nodeFs, file, { countTokens: countO200kTokensUpTo });
    const all = [
      ...lint.problems.map((problem) => ({ file, problem })),
      ...lint.bundled.flatMap((b) => b.problems.map((problem) => ({ file: b.filePath, problem }))),
    ];
    for (const { file: where, problem } of all) {
      if (!SECURITY_CODES.has(problem.code)) continue;
      const relative = path.relative(dir, where).split(path.sep).join('/');
      found.push({ key: `${corpus}|${relative}|${problem.range.start.line + 1}|${problem.code}`, problem });
    }
  }
  return found;
}

test(
  'on both corpora, the security rules find exactly the listed findings, none an error',
  { skip: CORPUS.skip || WIDE.skip },
  async () => {
    const found = [...(await findingsOf('corpus', CORPUS.dir)), ...(await findingsOf('corpus-wide', WIDE.dir))];
    const listed = SECURITY_CORPUS_FINDINGS.map(([corpus, file, line, code]) => `${corpus}|${file}|${line}|${code}`);
    assert.deepEqual(found.map((f) => f.key).sort(), [...listed].sort());
    assert.deepEqual(
      found.filter((f) => f.problem.severity === 'error').map((f) => f.key),
      [],
    );
  },
);

test('each rule with findings is at least 0.9 precise by the verdicts, or is information', () => {
  const byCode = new Map<string, { true: number; all: number }>();
  for (const [, , , code, verdict] of SECURITY_CORPUS_FINDINGS) {
    const entry = byCode.get(code) ?? { true: 0, all: 0 };
    entry.all++;
    if (verdict.startsWith('true:')) entry.true++;
    else assert.match(verdict, /^false:/, `a verdict is "true: …" or "false: …": ${verdict}`);
    byCode.set(code, entry);
  }
  for (const [code, { true: right, all }] of byCode) {
    const severity = { ...SECURITY_SEVERITY, ...QUALITY_SEVERITY }[code as keyof typeof SECURITY_SEVERITY];
    if (right / all < 0.9) assert.equal(severity, 'info', `${code}: precision ${right}/${all}`);
  }
  // The figures docs/rules.md gives.
  assert.deepEqual(Object.fromEntries([...byCode].map(([code, e]) => [code, `${e.true}/${e.all}`]).sort()), {
    'body-too-many-tokens': '92/92',
    'credential-access': '5/5',
    'destructive-delete': '2/2',
    'download-exec': '13/13',
    'hidden-characters': '44/44',
    'skip-confirmation': '9/9',
  });
});

test(
  'body-too-many-tokens agrees with the tokenizer run on its own over every body',
  { skip: CORPUS.skip || WIDE.skip },
  async () => {
    const over = new Set<string>();
    const nodeFs = new NodeFileSystem();
    for (const [corpus, dir] of [
      ['corpus', CORPUS.dir],
      ['corpus-wide', WIDE.dir],
    ] as const) {
      for (const file of skillFilesBelow(dir)) {
        // A file whose frontmatter is not closed has no body to count (unclosed-frontmatter says so).
        const lint = await validateSkillFile(nodeFs, file);
        if (lint.problems.some((p) => p.code === 'unclosed-frontmatter' || p.code === 'no-frontmatter')) continue;
        const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
        // The body: after the closing fence's line (only files whose frontmatter closes).
        const match = /^---\r?\n(?:[\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(text);
        if (!match) continue;
        if (countTokens(text.slice(match[0].length), { disallowedSpecial: new Set() }) > 5000)
          over.add(`${corpus}|${path.relative(dir, file).split(path.sep).join('/')}`);
      }
    }
    const listed = new Set(
      SECURITY_CORPUS_FINDINGS.filter((f) => f[3] === 'body-too-many-tokens').map(
        ([corpus, file]) => `${corpus}|${file}`,
      ),
    );
    assert.deepEqual([...over].sort(), [...listed].sort());
  },
);
