// Leave one repository out (issue 38): runs the security review (the built CLI, dist/cli.js) on each
// repository that has a verdict file in test/data/review-verdicts/, matches its findings to the
// verdicts and the risks recorded there, and prints one row per repository, the precision of each
// rule over all of them, and the worst row. Rules are tuned on the dev repositories; each one in
// turn, and every held-out one, is the repository they were not tuned on, so the worst row is the
// figure to report.
//
// Usage: node scripts/review/leave-one-out.mjs [--held-out] [--json]
//   --held-out  also run the held-out repositories. That is a look at them: append it to the
//               `looks` of each held-out verdict file (test/data/review-verdicts/README.md).
//   --json      print the figures as JSON instead of the tables.
// Exit code 1 when a finding is unjudged or a verdict is stale: the verdict files need the work first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EXTRA_REVIEW_CODES,
  RULE_GOAL_MIN_FINDINGS,
  loadVerdictFiles,
  ratio,
  repositoryDir,
  scoreRepository,
  skillFilesBelow,
} from './reviewVerdicts.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const USAGE = 'usage: node scripts/review/leave-one-out.mjs [--held-out] [--json]';

/** The security findings of `skillsmith validate --format sarif` on every SKILL.md below a folder. */
function reviewFindings(dir) {
  const skills = skillFilesBelow(dir);
  if (skills.length === 0) return [];
  const run = spawnSync(process.execPath, [CLI, 'validate', '--format', 'sarif', '--', ...skills], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  // validate exits 1 when a skill has format errors; the SARIF is complete either way.
  if (run.status !== 0 && run.status !== 1) throw new Error(`validate failed in ${dir}: ${run.stderr}`);
  const sarif = JSON.parse(run.stdout);
  const found = [];
  for (const sarifRun of sarif.runs) {
    const reviewed = new Set(
      sarifRun.tool.driver.rules
        .filter((rule) => rule.properties.tags.includes('security') || EXTRA_REVIEW_CODES.includes(rule.id))
        .map((rule) => rule.id),
    );
    for (const result of sarifRun.results) {
      if (!reviewed.has(result.ruleId)) continue;
      const location = result.locations[0].physicalLocation;
      const file = decodeURIComponent(location.artifactLocation.uri);
      found.push({ file, line: location.region.startLine, code: result.ruleId, message: result.message.text });
    }
  }
  return found;
}

/** The commit that last changed src/core/review: the design a look measures. */
function reviewDesign() {
  const git = spawnSync('git', ['log', '-1', '--format=%H', '--', 'src/core/review'], { cwd: ROOT, encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : 'unknown';
}

function measure(includeHeldOut) {
  const rows = [];
  const rules = new Map();
  for (const { name, data } of loadVerdictFiles(ROOT)) {
    if (data.role === 'held-out' && !includeHeldOut) continue;
    const dir = repositoryDir(ROOT, name, data.role);
    if (!existsSync(dir)) {
      rows.push({ repository: data.repo, role: data.role, missing: dir });
      continue;
    }
    const score = scoreRepository(reviewFindings(dir), data);
    for (const [code, entry] of score.byCode) {
      const total = rules.get(code) ?? { findings: 0, right: 0, wrong: 0, unjudged: 0, risks: 0, caught: 0 };
      for (const field of Object.keys(total)) total[field] += entry[field];
      rules.set(code, total);
    }
    rows.push({ repository: data.repo, role: data.role, ...score, byCode: Object.fromEntries(score.byCode) });
  }
  const measured = rows.filter((row) => row.missing === undefined);
  const sum = (field) => measured.reduce((total, row) => total + row[field], 0);
  const overall = {
    findings: sum('findings'),
    right: sum('right'),
    wrong: sum('wrong'),
    unjudged: measured.reduce((total, row) => total + row.unjudged.length, 0),
    risks: sum('risks'),
    caught: sum('caught'),
  };
  // The repository with the lowest share, among those where it is defined.
  const worstBy = (share) =>
    measured
      .filter((row) => share(row) !== undefined)
      .sort((a, b) => share(a) - share(b) || a.repository.localeCompare(b.repository))[0];
  const precision = (row) => (row.right + row.wrong === 0 ? undefined : row.right / (row.right + row.wrong));
  const recall = (row) => (row.risks === 0 ? undefined : row.caught / row.risks);
  return {
    design: reviewDesign(),
    heldOut: includeHeldOut,
    repositories: rows,
    rules: Object.fromEntries([...rules].sort(([a], [b]) => a.localeCompare(b))),
    overall,
    worst: {
      precision: worstBy(precision)?.repository ?? null,
      recall: worstBy(recall)?.repository ?? null,
    },
  };
}

function table(header, lines) {
  const cells = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => String(row[i]).length)));
  const format = (row) =>
    row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])));
  return [format(header).join('  '), ...lines.map((row) => format(row).join('  '))].join('\n');
}

function print(result) {
  const header = [
    'repository',
    'role',
    'findings',
    'true',
    'false',
    'unjudged',
    'precision',
    'risks',
    'caught',
    'recall',
  ];
  const line = (name, role, r) => [
    name,
    role,
    r.findings,
    r.right,
    r.wrong,
    typeof r.unjudged === 'number' ? r.unjudged : r.unjudged.length,
    ratio(r.right, r.right + r.wrong),
    r.risks,
    r.caught,
    ratio(r.caught, r.risks),
  ];
  const rows = result.repositories.filter((row) => row.missing === undefined);
  console.log(`Security review on real repositories, design ${result.design.slice(0, 12)} (src/core/review)\n`);
  console.log(
    table(header, [...rows.map((row) => line(row.repository, row.role, row)), line('all', '', result.overall)]),
  );
  for (const row of result.repositories.filter((r) => r.missing !== undefined))
    console.log(`(not measured: ${row.repository}, no copy at ${row.missing})`);
  const rules = Object.entries(result.rules).map(([code, r]) => [
    `${code}${r.findings >= RULE_GOAL_MIN_FINDINGS ? ' *' : ''}`,
    r.findings,
    r.right,
    r.wrong,
    r.unjudged,
    ratio(r.right, r.right + r.wrong),
    r.risks,
    r.caught,
    ratio(r.caught, r.risks),
  ]);
  console.log('\nPer rule, over the repositories above (* : at least 5 findings, a precision goal of its own)\n');
  console.log(
    table(['rule', 'findings', 'true', 'false', 'unjudged', 'precision', 'risks', 'caught', 'recall'], rules),
  );
  console.log('\nWorst');
  for (const [what, name] of Object.entries(result.worst)) {
    const row = rows.find((r) => r.repository === name);
    const figure =
      row === undefined
        ? ''
        : what === 'precision'
          ? ratio(row.right, row.right + row.wrong)
          : ratio(row.caught, row.risks);
    console.log(`  ${what}: ${row === undefined ? '–' : `${name} (${figure})`}`);
  }
  for (const row of rows) {
    for (const risk of row.missed)
      console.log(`  missed in ${row.repository}: ${risk.file}:${risk.line} ${risk.code} — ${risk.reason}`);
  }
}

function complain(result) {
  let stale = false;
  for (const row of result.repositories.filter((r) => r.missing === undefined)) {
    for (const f of row.unjudged) {
      stale = true;
      console.error(`UNJUDGED  ${row.repository}: ${f.file}:${f.line} ${f.code} — ${f.message}`);
    }
    for (const v of row.stale) {
      stale = true;
      console.error(`STALE     ${row.repository}: ${v.file}:${v.line} ${v.code} is judged but no longer found`);
    }
  }
  if (stale)
    console.error(
      '\nThe verdict files are stale: judge every UNJUDGED finding in its file and remove every STALE verdict (test/data/review-verdicts/README.md).',
    );
  return stale;
}

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--held-out' && arg !== '--json');
if (unknown.length > 0) {
  console.error(`unknown option ${unknown[0]}\n${USAGE}`);
  process.exit(2);
}
if (!existsSync(CLI)) {
  console.error(`${CLI} is missing: run npm run build first (npm run review:loo does)`);
  process.exit(2);
}
const includeHeldOut = args.includes('--held-out');
const result = measure(includeHeldOut);
if (args.includes('--json')) console.log(JSON.stringify(result, (k, v) => (k === 'message' ? undefined : v), 2));
else print(result);
const stale = complain(result);
if (includeHeldOut)
  console.error(
    `\nThis run included the held-out repositories: it is a look. Append {"date", "design": "${result.design}", "note"} to the looks of each held-out verdict file, and change nothing after it to improve their figures.`,
  );
process.exit(stale ? 1 : 0);
