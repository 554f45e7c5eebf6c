// The lint engine over a real-world corpus of SKILL.md files written by others
// (../shared/corpus, see its README). Files that the reference validator and the clients
// accept must get no error; the corpus's known real problems must be reported precisely;
// any other error is a false error and fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, dirname, relative, sep } from 'node:path';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import type { ProblemCode, SkillFileAnalysis } from '../../src/core/base/types';
import { corpusForTests, skillFilesBelow } from './corpusLocation';
import { applyFix, rangeTuple } from './lintTestUtils';

const { dir: CORPUS, skip: SKIP } = corpusForTests('corpus');

interface CorpusResult {
  readonly path: string;
  readonly text: string;
  readonly analysis: SkillFileAnalysis;
}

function analyzeCorpus(): CorpusResult[] {
  return skillFilesBelow(CORPUS).map((file) => {
    const text = readFileSync(file, 'utf8');
    const analysis = analyzeSkillText(text, { folderName: basename(dirname(file)), fileName: basename(file) });
    return { path: relative(CORPUS, file).split(sep).join('/'), text, analysis };
  });
}

/** The corpus's real problems (README): the only errors we may report. */
const EXPECTED_ERRORS: Record<string, ProblemCode[]> = {
  // A test fixture with no frontmatter.
  'alirezarezvani__claude-skills/engineering/skills/skill-tester/assets/sample-skill/SKILL.md': ['no-frontmatter'],
  // A description of 1068 characters.
  'anthropics__skills/skills/claude-api/SKILL.md': ['description-too-long'],
  // A translation that lost its closing --- (the YAML runs into the body up to a later rule).
  'gerrardLT__multi-useful-skills-zh/gstack-中文/ship/SKILL.md': ['unclosed-frontmatter'],
  // Names that don't match their (nested) folders.
  'github__awesome-copilot/skills/qdrant-scaling/scaling-data-volume/SKILL.md': ['name-mismatch'],
  'github__awesome-copilot/skills/qdrant-scaling/scaling-data-volume/vertical-scaling/SKILL.md': ['name-mismatch'],
  'github__awesome-copilot/skills/qdrant-scaling/scaling-query-volume/SKILL.md': ['name-mismatch'],
};

const results = SKIP ? [] : analyzeCorpus();

function resultFor(path: string): CorpusResult {
  const found = results.find((r) => r.path === path);
  assert.ok(found, `${path} is not in the corpus`);
  return found;
}

function errorCodes(analysis: SkillFileAnalysis): ProblemCode[] {
  return analysis.problems.filter((p) => p.severity === 'error').map((p) => p.code);
}

test('the whole corpus is analysed without a crash, one result per file', { skip: SKIP }, () => {
  const files = skillFilesBelow(CORPUS);
  assert.ok(files.length >= 300, `expected the 328-file corpus, found ${files.length}`);
  assert.equal(results.length, files.length);
  assert.equal(new Set(results.map((r) => r.path)).size, files.length);
});

test('errors are exactly the known real problems: no false errors', { skip: SKIP }, () => {
  const actual: Record<string, ProblemCode[]> = {};
  for (const r of results) {
    const errors = errorCodes(r.analysis);
    if (errors.length > 0) actual[r.path] = errors;
  }
  assert.deepEqual(actual, EXPECTED_ERRORS);
  const total = results.reduce((sum, r) => sum + errorCodes(r.analysis).length, 0);
  assert.equal(total, Object.values(EXPECTED_ERRORS).flat().length);
});

test('files the ecosystem accepts get only warnings and infos', { skip: SKIP }, () => {
  const accepted = results.filter((r) => !(r.path in EXPECTED_ERRORS));
  for (const r of accepted) {
    assert.equal(r.analysis.name, basename(dirname(r.path)), r.path);
    assert.ok((r.analysis.description ?? '').trim().length > 0, r.path);
    for (const p of r.analysis.problems) assert.notEqual(p.severity, 'error', `${r.path}: ${p.code}`);
  }
});

test('the fixture without frontmatter', { skip: SKIP }, () => {
  const { analysis } = resultFor(
    'alirezarezvani__claude-skills/engineering/skills/skill-tester/assets/sample-skill/SKILL.md',
  );
  assert.deepEqual(
    analysis.problems.map((p) => p.code),
    ['no-frontmatter'],
  );
  assert.deepEqual(rangeTuple(analysis.problems[0].range), [0, 0, 0, 23]);
  assert.equal(analysis.name, undefined);
});

test('the description over 1024 characters', { skip: SKIP }, () => {
  const { analysis } = resultFor('anthropics__skills/skills/claude-api/SKILL.md');
  const problem = analysis.problems.find((p) => p.code === 'description-too-long');
  assert.ok(problem);
  assert.deepEqual(rangeTuple(problem.range), [2, 13, 5, 322]);
  assert.match(problem.message, /1068 characters/);
  assert.equal(analysis.name, 'claude-api');
});

test('the translated file that lost its closing ---', { skip: SKIP }, () => {
  const { text, analysis } = resultFor('gerrardLT__multi-useful-skills-zh/gstack-中文/ship/SKILL.md');
  assert.deepEqual(errorCodes(analysis), ['unclosed-frontmatter']);
  const problem = analysis.problems[0];
  assert.deepEqual(rangeTuple(problem.range), [0, 0, 0, 3]);
  assert.match(problem.message, /before line 26/);
  // The fix puts the fence back where the body starts, and the file then reads cleanly.
  const fixed = applyFix(text, problem.fixes?.[0] ?? { title: '', edits: [] });
  const after = analyzeSkillText(fixed, { folderName: 'ship' });
  assert.deepEqual(errorCodes(after), []);
  assert.equal(after.name, 'ship');
});

test('the names that do not match their nested folders', { skip: SKIP }, () => {
  const cases: [string, string, number][] = [
    ['github__awesome-copilot/skills/qdrant-scaling/scaling-data-volume/SKILL.md', 'qdrant-scaling-data-volume', 32],
    [
      'github__awesome-copilot/skills/qdrant-scaling/scaling-data-volume/vertical-scaling/SKILL.md',
      'qdrant-vertical-scaling',
      29,
    ],
    ['github__awesome-copilot/skills/qdrant-scaling/scaling-query-volume/SKILL.md', 'qdrant-scaling-query-volume', 33],
  ];
  for (const [path, name, end] of cases) {
    const { analysis } = resultFor(path);
    assert.equal(analysis.name, name);
    const problem = analysis.problems.find((p) => p.code === 'name-mismatch');
    assert.ok(problem, path);
    assert.deepEqual(rangeTuple(problem.range), [1, 6, 1, end], path);
  }
});

test('ecosystem features in the corpus read correctly', { skip: SKIP }, () => {
  // CRLF line endings.
  const crlf = resultFor('K-Dense-AI__claude-scientific-skills/scientific-skills/geomaster/SKILL.md').analysis;
  assert.equal(crlf.name, 'geomaster');
  assert.equal(crlf.description?.includes('\r'), false);
  // Flow-mapping metadata.
  const flow = resultFor('HKUDS__nanobot/nanobot/skills/github/SKILL.md').analysis;
  assert.deepEqual((flow.frontmatter?.metadata as { nanobot: { requires: unknown } }).nanobot.requires, {
    bins: ['gh'],
  });
  // Hidden skills (disable-model-invocation: true) exist and are not errors.
  assert.ok(results.some((r) => r.analysis.hidden));
  // Block-scalar and CJK descriptions.
  assert.ok(results.some((r) => /[\u3040-\u30ff]/.test(r.analysis.description ?? '')));
  assert.ok(results.some((r) => /[\u4e00-\u9fff]/.test(r.analysis.description ?? '')));
});
