// Where the shared real-world corpora are (folders under ../shared, next to the repository:
// corpus, corpus-wide, routing-bench/...), what files they hold, and what a corpus test does
// when one is missing. Locally it skips, with the reason in the report. Under CI (CI=true or
// CI=1) a missing corpus is a failure that says what is missing and where it was looked for:
// a CI run must not pass by skipping. The one exception is a run that declares it has no corpora
// (SKILLSMITH_CORPUS_OPTIONAL=1: the GitHub workflow sets it on a fork, which lacks ../shared, and
// says so with a warning): there the corpus tests skip, with that reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';

/** A corpus folder under ../shared: 'corpus', 'corpus-wide', 'routing-bench/dotnet-artisan'. */
export type CorpusName = string;

export interface CorpusLookupOptions {
  /** The repository root; the corpora sit in ../shared beside it. Defaults to this repository. */
  readonly repoRoot?: string;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * A corpus whose test carries judged data (test/data/corpus-scripts-verdicts.json): a missing
   * one fails, locally too, unless SKILLSMITH_CORPUS_OPTIONAL=1 says that skipping is meant.
   */
  readonly requiredUnlessOptional?: boolean;
}

/** The variable a run sets to say that it has no corpora, so that their tests skip even under CI. */
export const CORPUS_OPTIONAL_ENV = 'SKILLSMITH_CORPUS_OPTIONAL';

/** True when SKILLSMITH_CORPUS_OPTIONAL=1: a required corpus may be missing, and its tests skip. */
export function corpusOptional(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env[CORPUS_OPTIONAL_ENV] ?? '').trim() === '1';
}

export type CorpusLookup =
  | { readonly found: true; readonly dir: string }
  | { readonly found: false; readonly dir: string; readonly reason: string; readonly mustFail: boolean };

/** True when the environment says this is a CI run (CI=true or CI=1, as CI services set it). */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value === 'true' || value === '1';
}

/** Finds a corpus folder; when it is missing, says why and whether the run must fail. */
export function lookUpCorpus(name: CorpusName, options: CorpusLookupOptions = {}): CorpusLookup {
  const dir = path.resolve(options.repoRoot ?? findRepoRoot(), '..', 'shared', name);
  if (fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return { found: true, dir };
  const env = options.env ?? process.env;
  if (options.requiredUnlessOptional) {
    const optional = corpusOptional(env);
    const reason = optional
      ? `corpus ../shared/${name} not found at ${dir}; skipped because SKILLSMITH_CORPUS_OPTIONAL=1`
      : `corpus ../shared/${name} is missing (looked for ${dir}): its judged findings must be checked, so put the corpus there, or set SKILLSMITH_CORPUS_OPTIONAL=1 to skip`;
    return { found: false, dir, reason, mustFail: !optional };
  }
  if (corpusOptional(env)) {
    const reason = `corpus ../shared/${name} not found at ${dir}, and ${CORPUS_OPTIONAL_ENV}=1 says this run has no corpora (a fork)`;
    return { found: false, dir, reason, mustFail: false };
  }
  const ci = isCi(env);
  const reason = ci
    ? `corpus ../shared/${name} is missing (looked for ${dir}): under CI (CI=${env.CI}) the corpus tests must run, not skip, so put the corpus there`
    : `corpus ../shared/${name} not found at ${dir}`;
  return { found: false, dir, reason, mustFail: ci };
}

export interface CorpusForTests {
  readonly dir: string;
  /** The `skip` option for every test that reads the corpus: false when it is there. */
  readonly skip: string | false;
}

/**
 * The corpus for one test file. When it is missing under CI, a test that fails with the
 * reason is registered here, and the file's other tests skip (they have nothing to read).
 */
export function corpusForTests(name: CorpusName, options: CorpusLookupOptions = {}): CorpusForTests {
  const lookup = lookUpCorpus(name, options);
  if (lookup.found) return { dir: lookup.dir, skip: false };
  if (lookup.mustFail) {
    const reason = lookup.reason;
    const why = options.requiredUnlessOptional ? 'unless SKILLSMITH_CORPUS_OPTIONAL=1' : 'under CI';
    test(`corpus ../shared/${name} is present (required ${why})`, () => assert.fail(reason));
    return { dir: lookup.dir, skip: `${reason} (reported as a failure above)` };
  }
  return { dir: lookup.dir, skip: lookup.reason };
}

/** Every skill file (SKILL.md in any letter case) below `dir`, sorted, by a plain walk. */
export function skillFilesBelow(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...skillFilesBelow(full));
    else if (entry.isFile() && entry.name.toLowerCase() === 'skill.md') found.push(full);
  }
  return found.sort();
}
