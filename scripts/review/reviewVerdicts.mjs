// The verdict files of the security review on real repositories (test/data/review-verdicts/README.md):
// where each repository is, and how a run's findings score against its verdicts and risks. Used by
// scripts/review/leave-one-out.mjs and, for its report, by test/fuzz/reviewRepos.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The verdict files, one per repository, named `<owner>+<name>.json`. */
export const VERDICTS_DIR = join('test', 'data', 'review-verdicts');

/** A finding within this many lines of a risk, in its file and with its code, catches it. */
export const RISK_LINE_WINDOW = 2;

/** A rule with at least this many findings has its own precision goal (issue 38). */
export const RULE_GOAL_MIN_FINDINGS = 5;

/**
 * Codes the review reports that its SARIF rules do not tag `security`: `secret-in-skill`
 * (docs/actions.md) is a lint rule of the skill's own text, and still a finding of the review.
 */
export const EXTRA_REVIEW_CODES = Object.freeze(['secret-in-skill']);

/** Every verdict file under the repository root, sorted by name. */
export function loadVerdictFiles(root) {
  const dir = join(root, VERDICTS_DIR);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name: name.slice(0, -'.json'.length), data: JSON.parse(readFileSync(join(dir, name), 'utf8')) }));
}

/** The folder holding a repository's skills: its copy under test/data/review-repos, or ../shared/corpus-scripts. */
export function repositoryDir(root, name, role) {
  if (role === 'corpus-scripts') return resolve(root, '..', 'shared', 'corpus-scripts', name);
  return join(root, 'test', 'data', 'review-repos', role, name);
}

/** Every SKILL.md (any letter case) below a folder, relative to it with `/`, sorted; links are not followed. */
export function skillFilesBelow(dir, prefix = '') {
  const found = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...skillFilesBelow(dir, relative));
    else if (entry.isFile() && entry.name.toLowerCase() === 'skill.md') found.push(relative);
  }
  return found.sort();
}

const key = (f) => `${f.file}:${f.line} ${f.code}`;

function tally(map, code) {
  const entry = map.get(code) ?? { findings: 0, right: 0, wrong: 0, unjudged: 0, risks: 0, caught: 0 };
  map.set(code, entry);
  return entry;
}

/**
 * How a run's findings ({file, line, code}, line 1-based, file relative to the repository) score
 * against one verdict file: judged true or false, unjudged (found, no verdict), stale (a verdict
 * no longer found), and which risks a finding caught.
 */
export function scoreRepository(found, verdicts) {
  const judged = new Map(verdicts.findings.map((v) => [key(v), v]));
  const foundKeys = new Set(found.map(key));
  const byCode = new Map();
  const unjudged = [];
  let right = 0;
  let wrong = 0;
  for (const finding of found) {
    const entry = tally(byCode, finding.code);
    entry.findings++;
    const verdict = judged.get(key(finding));
    if (verdict === undefined) {
      entry.unjudged++;
      unjudged.push(finding);
    } else if (verdict.verdict) {
      entry.right++;
      right++;
    } else {
      entry.wrong++;
      wrong++;
    }
  }
  const stale = verdicts.findings.filter((v) => !foundKeys.has(key(v)));
  const missed = [];
  let caught = 0;
  for (const risk of verdicts.risks) {
    const entry = tally(byCode, risk.code);
    entry.risks++;
    const hit = found.some(
      (f) => f.file === risk.file && f.code === risk.code && Math.abs(f.line - risk.line) <= RISK_LINE_WINDOW,
    );
    if (hit) {
      entry.caught++;
      caught++;
    } else missed.push(risk);
  }
  return {
    findings: found.length,
    right,
    wrong,
    unjudged,
    stale,
    risks: verdicts.risks.length,
    caught,
    missed,
    byCode,
  };
}

/** A share as `0.92`, or `–` when there is nothing to divide. */
export function ratio(part, whole) {
  return whole === 0 ? '–' : (part / whole).toFixed(2);
}
