// The lint engine over the wide corpus (../shared/corpus-wide: 554 SKILL.md files from 25
// repositories, see its SOURCES.md). Every file is analysed without a crash; errors appear
// exactly where a file is really broken (corpusWideExpected.ts); the broken-link shapes that
// docs/rules.md excludes are not checked; dollar-argument finds the `$N` that loading eats.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, dirname, relative, sep } from 'node:path';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { findLinkCandidates } from '../../src/core/lint/links';
import type { Problem, ProblemCode, SkillFileAnalysis } from '../../src/core/base/types';
import { corpusForTests, skillFilesBelow } from './corpusLocation';
import { WIDE_EXPECTED_ERRORS } from './corpusWideExpected';
import { rangeTuple } from './lintTestUtils';

const { dir: CORPUS, skip: SKIP } = corpusForTests('corpus-wide');

interface CorpusResult {
  /** Relative to the corpus, with forward slashes. */
  readonly path: string;
  readonly text: string;
  readonly analysis: SkillFileAnalysis;
}

const results: CorpusResult[] = SKIP
  ? []
  : skillFilesBelow(CORPUS).map((file) => {
      const text = readFileSync(file, 'utf8');
      const analysis = analyzeSkillText(text, { folderName: basename(dirname(file)), fileName: basename(file) });
      return { path: relative(CORPUS, file).split(sep).join('/'), text, analysis };
    });

function resultFor(path: string): CorpusResult {
  const found = results.find((r) => r.path === path);
  assert.ok(found, `${path} is not in the corpus`);
  return found;
}

const errorsOf = (analysis: SkillFileAnalysis): Problem[] => analysis.problems.filter((p) => p.severity === 'error');
const codesOf = (problems: readonly Problem[]): ProblemCode[] => problems.map((p) => p.code);

test('wide corpus: every file is analysed without a crash, one result per file', { skip: SKIP }, () => {
  assert.equal(results.length, 554, 'the wide corpus holds 554 skill files (SOURCES.md)');
  assert.equal(new Set(results.map((r) => r.path)).size, results.length);
  assert.equal(new Set(results.map((r) => r.path.split('/')[0])).size, 25, '25 repositories');
});

test('wide corpus: errors are exactly the real ones, no false error', { skip: SKIP }, () => {
  const actual: Record<string, ProblemCode[]> = {};
  for (const r of results) {
    const errors = errorsOf(r.analysis);
    if (errors.length > 0) actual[r.path] = codesOf(errors);
  }
  const expected = Object.fromEntries(Object.entries(WIDE_EXPECTED_ERRORS).map(([path, e]) => [path, [...e.codes]]));
  assert.deepEqual(actual, expected);
  assert.equal(Object.keys(expected).length, 104);
  assert.equal(Object.values(expected).flat().length, 113);
});

test('wide corpus: each real error says what it is about', { skip: SKIP }, () => {
  for (const [path, expected] of Object.entries(WIDE_EXPECTED_ERRORS)) {
    const { analysis } = resultFor(path);
    if (expected.name !== undefined) {
      assert.equal(analysis.name, expected.name, path);
      const mismatch = analysis.problems.find((p) => p.code === 'name-mismatch');
      assert.ok(mismatch?.message.includes(`'${basename(dirname(path))}'`), path);
    }
    if (expected.descriptionLength !== undefined) {
      const tooLong = analysis.problems.find((p) => p.code === 'description-too-long');
      assert.match(tooLong?.message ?? '', new RegExp(`${expected.descriptionLength} characters`), path);
    }
  }
  // A skill-flavors overlay: the structural error alone, on its first line, and no name of its own.
  const flavor = resultFor('UiPath__skills/skill-flavors/studioweb/uipath-feedback/SKILL.md').analysis;
  assert.deepEqual(codesOf(flavor.problems), ['no-frontmatter']);
  assert.deepEqual(rangeTuple(flavor.problems[0].range), [
    0,
    0,
    0,
    '<!--skill-flavor:feedback-description-budget:start-->'.length,
  ]);
  assert.equal(flavor.name, undefined);
  // A joined key: the message names the key and suggests quoting, with a fix.
  const joined = resultFor('affaan-m__everything-claude-code/docs/zh-CN/skills/blueprint/SKILL.md').analysis;
  const yamlError = joined.problems.find((p) => p.code === 'yaml-syntax');
  assert.deepEqual(rangeTuple(yamlError!.range).slice(0, 2), [2, 13]);
  assert.match(yamlError!.message, /'description' contains ': '.*Quote/);
  assert.ok((yamlError!.fixes ?? []).length > 0);
  const reserved = resultFor('affaan-m__everything-claude-code/docs/ja-JP/skills/swiftui-patterns/SKILL.md').analysis;
  assert.match(reserved.problems[0].message, /reserved character @/);
  // A name that is a path.
  const slashed = resultFor(
    'anthropics__knowledge-work-plugins/partner-built/zoom-plugin/skills/video-sdk/linux/SKILL.md',
  ).analysis;
  assert.deepEqual(codesOf(slashed.problems.filter((p) => p.severity === 'error')), ['name-format', 'name-mismatch']);
  assert.deepEqual(rangeTuple(slashed.problems.find((p) => p.code === 'name-format')!.range), [1, 6, 1, 21]);
});

test('wide corpus: files the ecosystem accepts get only warnings and infos', { skip: SKIP }, () => {
  const accepted = results.filter((r) => !(r.path in WIDE_EXPECTED_ERRORS));
  assert.equal(accepted.length, 554 - 104);
  for (const r of accepted) {
    assert.equal(r.analysis.name?.normalize('NFKC'), basename(dirname(r.path)).normalize('NFKC'), r.path);
    assert.ok((r.analysis.description ?? '').trim().length > 0, r.path);
    assert.deepEqual(codesOf(errorsOf(r.analysis)), [], r.path);
  }
});

test(
  'wide corpus: calls, ellipses, "e.g." illustrations and line suffixes are not links to check',
  { skip: SKIP },
  () => {
    const targetsOn = (path: string, line: number): string[] =>
      findLinkCandidates(resultFor(path).text)
        .filter((c) => c.range.start.line === line - 1)
        .map((c) => c.target);
    const novel = 'kouko__monkey-skills/translation-toolkit/skills/translation-novel/SKILL.md';
    // `scripts/lib/scene_chunker.chunk_chapter_into_scenes(chapter_text, max_scene_tokens=2000)` is a call.
    assert.deepEqual(targetsOn(novel, 69), []);
    // The call is dropped, the template beside it is still checked.
    assert.deepEqual(targetsOn(novel, 82), ['references/prompt-draft.md']);
    // `scripts/scripts/…` is an ellipsis.
    assert.deepEqual(targetsOn('kouko__monkey-skills/research-toolkit/skills/fact-check/SKILL.md', 51), []);
    const creator = 'kouko__monkey-skills/skill-dev-toolkit/skills/skill-creator-advance/SKILL.md';
    // "(e.g., `references/aws.md`, `references/gcp.md`)" names a kind of file...
    assert.deepEqual(targetsOn(creator, 158), []);
    // ...while "(e.g., `scripts-redshift/` rather than `scripts/redshift/`)" is still checked.
    assert.deepEqual(targetsOn(creator, 146), ['scripts/redshift/']);
    // "(e.g. [`reference/text.md`](reference/text.md))": the link is an illustration too.
    assert.deepEqual(targetsOn('modelstudioai__skills/skills/bailian-cli/SKILL.md', 133), []);
    for (const r of results) {
      for (const c of findLinkCandidates(r.text)) {
        assert.doesNotMatch(
          c.target,
          /\.\.\.|…|:\d+(?:-\d+)?$|^[^\s()]*\w\(.*\)$/,
          `${r.path}:${c.range.start.line + 1}`,
        );
      }
    }
  },
);

test('wide corpus: dollar-argument finds awk columns and prices, not prose placeholders', { skip: SKIP }, () => {
  const dollars = (path: string): [number, string][] => {
    const { text, analysis } = resultFor(path);
    const lines = text.split(/\r?\n/);
    return analysis.problems
      .filter((p) => p.code === 'dollar-argument')
      .map((p) => [
        p.range.start.line + 1,
        lines[p.range.start.line].slice(p.range.start.character, p.range.end.character),
      ]);
  };
  // `awk '{print $1}'` in a fenced bash block.
  assert.deepEqual(dollars('gerrardLT__multi-useful-skills-zh/gstack-中文/SKILL.md'), [[491, '$1']]);
  // sh -c '... "$1" ...' in a fenced block: both are the script's own argument.
  assert.deepEqual(dollars('takusaotome__claude-skills-library/skills/imagemagick-expert/SKILL.md'), [
    [415, '$1'],
    [415, '$1'],
  ]);
  // A parameterised SQL query in a fenced block.
  assert.deepEqual(dollars('addyosmani__agent-skills/skills/security-and-hardening/SKILL.md'), [[63, '$1']]);
  // Price ranges in a table.
  assert.deepEqual(
    dollars('tech-leads-club__agent-skills/packages/skills-catalog/skills/(gtm)/gtm-metrics/SKILL.md').filter(
      ([line]) => line >= 74 && line <= 78,
    ),
    [
      [74, '$1-3M'],
      [75, '$3-15M'],
      [76, '$15-30M'],
      [77, '$50-100M'],
      [78, '$100M'],
    ],
  );
  // "Donate $1 to Stripe Climate" is prose: `$1` there is a placeholder as written.
  assert.deepEqual(dollars('stripe__ai/providers/agent-plugins/plugin/skills/stripe-directory/SKILL.md'), []);
});
