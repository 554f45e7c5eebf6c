// `skillsmith eval --impact [SKILL] [--root R] [--skill NAME] [--host claude-code|codex|copilot-cli]
// [--host-bin PATH] [--host-arg ARG]... [--trials N] [--concurrency N] [--timeout S] [--attempts N]
// [--baseline FILE] [--min-lift X] [--report FILE] [--allow-commands] [--keep] [--json]`
// (docs/impact.md): runs the skill's evals/evals.json in two arms, with the skill and without it,
// in the real agent CLI, headless, each trial in a fresh temporary folder; prints the figures.
// Progress goes to stderr. Exit codes: 0; 1 when nothing was scored, --min-lift is not met, the
// skill made things significantly worse, or the lift fell below the baseline's; 2 on bad usage.
import { existsSync, promises as nodeFs } from 'node:fs';
import * as os from 'node:os';
import { createCancellationSource } from '../core/base/cancellation';
import { decodeUtf8 } from '../core/base/text';
import { basenamePath, dirnamePath, joinPath, normalizePath, resolvePath, toNativePath } from '../core/base/paths';
import { AGENT_HOSTS, AGENT_PROGRAMS, type AgentHost } from '../core/impact/hostTranscripts';
import { parseImpactEvals, type ImpactEval } from '../core/impact/impactEvals';
import { impactHtml, impactText } from '../core/impact/impactReport';
import { runImpact, type ImpactProgress, type TrialRecord } from '../core/impact/impactRun';
import {
  compareImpact,
  impactGateFailures,
  summarizeImpact,
  type ImpactBaselineComparison,
  type ImpactSummary,
} from '../core/impact/impactSummary';
import { HOST_PROFILES } from '../core/hosts/profiles';
import { HostTrialRunner, makeTrialBase } from '../node/impactTrialRunner';
import { findOnPath, NodeProcessRunner } from '../node/nodeProcessRunner';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { flag, integerOption, parseCommandArgs, repeatedOption, stringOption, UsageError } from './args';
import { loadCatalogFor } from './listCommand';
import { writeErr, writeOut } from './output';
import { cwd, rootFolder } from './workingFolder';

export const DEFAULT_IMPACT_TRIALS = 5;
export const DEFAULT_IMPACT_CONCURRENCY = 2;
const DEFAULT_TRIAL_TIMEOUT_S = 600;

export async function impact(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: [
      'root',
      'skill',
      'host',
      'host-bin',
      'trials',
      'concurrency',
      'timeout',
      'attempts',
      'baseline',
      'min-lift',
      'report',
    ],
    repeated: ['host-arg'],
    booleans: ['impact', 'json', 'no-user', 'unicode-names', 'allow-commands', 'keep'],
  });
  const host = readHost(stringOption(args, 'host') ?? 'claude-code');
  const trials = integerOption(args, 'trials', DEFAULT_IMPACT_TRIALS, { min: 1, max: 1000 });
  const concurrency = integerOption(args, 'concurrency', DEFAULT_IMPACT_CONCURRENCY, { min: 1, max: 32 });
  const attempts = integerOption(args, 'attempts', 3, { min: 1, max: 10 });
  const timeoutS = integerOption(args, 'timeout', DEFAULT_TRIAL_TIMEOUT_S, { min: 1, max: 7200 });
  const minLift = shareOption(stringOption(args, 'min-lift'), 'min-lift', -1);
  const fs = new NodeFileSystem();
  const skill = await chosenSkill(fs, args.positionals, stringOption(args, 'skill'), stringOption(args, 'root'), args);
  const evalsFile = joinPath(skill.dir, 'evals', 'evals.json');
  const text = await nodeFs.readFile(toNativePath(evalsFile)).then(
    (bytes) => decodeUtf8(bytes),
    () => {
      throw new UsageError(
        `${toNativePath(evalsFile)} does not exist: impact evals live in the skill's evals/evals.json (docs/impact.md)`,
      );
    },
  );
  const parsed = parseImpactEvals(text);
  for (const p of parsed.problems)
    writeErr(
      `${toNativePath(evalsFile)}:${p.range.start.line + 1}:${p.range.start.character + 1}: ${p.severity}: ${p.message} [${p.code}]`,
    );
  if (parsed.evals.length === 0) throw new UsageError(`${toNativePath(evalsFile)} holds no eval that can run`);
  refuseUnapprovedCommands(parsed.evals, flag(args, 'allow-commands'));
  const baselineFile = stringOption(args, 'baseline');
  const baseline = baselineFile === undefined ? undefined : await readImpactBaseline(baselineFile);
  const program = hostProgram(host, stringOption(args, 'host-bin'));
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const base = await makeTrialBase();
  const processes = new NodeProcessRunner();
  const runner = new HostTrialRunner({
    host,
    program,
    hostArgs: repeatedOption(args, 'host-arg'),
    env,
    skillDir: skill.dir,
    skillName: skill.name,
    base,
    home: flag(args, 'no-user') ? undefined : normalizePath(os.homedir()),
    timeoutMs: timeoutS * 1000,
    processes,
    keep: flag(args, 'keep'),
  });
  const cancellation = createCancellationSource();
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    if (interrupts > 1) {
      processes.killAllNow();
      process.exit(130);
    }
    writeErr(
      'skillsmith eval: stopping: the trials running are stopped and the figures so far are printed (Ctrl-C again to quit now)',
    );
    cancellation.cancel();
  };
  process.on('SIGINT', onSignal);
  writeErr(
    `skillsmith eval: ${parsed.evals.length} eval${parsed.evals.length === 1 ? '' : 's'} × ${trials} trial${trials === 1 ? '' : 's'} × 2 arms = ${parsed.evals.length * trials * 2} runs of ${host} (${toNativePath(program)}), ${concurrency} at once, in ${toNativePath(base)}`,
  );
  let records: TrialRecord[];
  try {
    records = await runImpact(parsed.evals, runner, {
      trials,
      concurrency,
      maxAttempts: attempts,
      token: cancellation.token,
      onProgress: progressPrinter(),
    });
  } finally {
    process.off('SIGINT', onSignal);
    if (!flag(args, 'keep'))
      await nodeFs.rm(toNativePath(base), { recursive: true, force: true }).catch(() => undefined);
    else writeErr(`skillsmith eval: the trials' folders are kept in ${toNativePath(base)}`);
  }
  const summary = summarizeImpact(skill.name, host, trials, parsed.evals, records);
  const comparison = baseline && compareImpact(baselineFile!, baseline, summary.overall.impact);
  await writeOut(
    flag(args, 'json') ? `${impactJson(summary, records, comparison)}\n` : impactText(summary, comparison),
  );
  const reportFile = stringOption(args, 'report');
  if (reportFile !== undefined) {
    const target = resolvePath(cwd(), reportFile);
    await writeAtomically(target, impactHtml(summary, comparison));
    writeErr(`skillsmith eval: report written to ${toNativePath(target)}`);
  }
  const failures = impactGateFailures(summary, minLift);
  if (comparison?.regressed) failures.push('the lift is below the baseline\u2019s');
  for (const failure of failures) writeErr(`skillsmith eval: ${failure}`);
  return failures.length > 0 ? 1 : 0;
}

function readHost(value: string): AgentHost {
  if (value === 'openai')
    throw new UsageError(
      '--host openai (Skillsmith\u2019s own agent loop) is not built yet; use claude-code, codex or copilot-cli',
    );
  if (!(AGENT_HOSTS as readonly string[]).includes(value))
    throw new UsageError(`--host takes ${AGENT_HOSTS.join(', ')}, not '${value}'`);
  return value as AgentHost;
}

function shareOption(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !(number >= min && number <= 1))
    throw new UsageError(`--${name} takes a number from ${min} to 1, not '${value}'`);
  return number;
}

/** The skill: a folder (or its SKILL.md) given as SKILL, or --skill NAME in the catalog of --root. */
async function chosenSkill(
  fs: NodeFileSystem,
  positionals: readonly string[],
  name: string | undefined,
  root: string | undefined,
  args: Parameters<typeof loadCatalogFor>[2],
): Promise<{ dir: string; name: string }> {
  if (positionals.length > 1) throw new UsageError('eval --impact takes one SKILL folder');
  if (positionals.length === 1) {
    if (name !== undefined) throw new UsageError('give a SKILL folder or --skill NAME, not both');
    let dir = resolvePath(cwd(), positionals[0]);
    if (basenamePath(dir) === 'SKILL.md') dir = dirnamePath(dir);
    const stat = await fs.stat(joinPath(dir, 'SKILL.md'));
    if (stat?.kind !== 'file') throw new UsageError(`'${positionals[0]}' is not a skill folder: it has no SKILL.md`);
    return { dir, name: basenamePath(dir) };
  }
  if (name === undefined) {
    const here = cwd();
    if ((await fs.stat(joinPath(here, 'SKILL.md')))?.kind === 'file') return { dir: here, name: basenamePath(here) };
    throw new UsageError('eval --impact needs a SKILL folder, or --skill NAME (a skill of --root)');
  }
  const catalog = await loadCatalogFor(fs, await rootFolder(fs, root ?? '.'), args);
  const record = catalog.records().find((r) => r.name === name);
  if (!record) throw new UsageError(`no skill named '${name}' in the catalog`);
  return { dir: record.dir, name: basenamePath(record.dir) };
}

/** A command check runs a program: only when the user said so, having seen which. */
function refuseUnapprovedCommands(evals: readonly ImpactEval[], allowed: boolean): void {
  const commands = evals.flatMap((e) =>
    e.checks.flatMap((c) => (c.kind === 'command' ? [`eval ${e.id}: ${c.argv.join(' ')}`] : [])),
  );
  if (commands.length === 0 || allowed) return;
  throw new UsageError(
    `the evals' checks run these programs in each trial's folder:\n  ${commands.join('\n  ')}\nrun again with --allow-commands to let them run`,
  );
}

function hostProgram(host: AgentHost, given: string | undefined): string {
  if (given !== undefined) {
    const program = resolvePath(cwd(), given);
    if (!existsSync(toNativePath(program))) throw new UsageError(`--host-bin '${given}' does not exist`);
    return program;
  }
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const found = findOnPath(AGENT_PROGRAMS[host], env);
  if (!found)
    throw new UsageError(
      `'${AGENT_PROGRAMS[host]}' (${HOST_PROFILES[host].displayName}) was not found on PATH; install it, or give its program with --host-bin`,
    );
  return normalizePath(found);
}

async function readImpactBaseline(file: string): Promise<{ difference: number | null }> {
  let data: unknown;
  try {
    data = JSON.parse(await nodeFs.readFile(toNativePath(resolvePath(cwd(), file)), 'utf8'));
  } catch (error) {
    throw new UsageError(
      `cannot read the baseline '${file}': ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const difference = (data as { overall?: { lift?: { difference?: unknown } } } | null)?.overall?.lift?.difference;
  if (difference !== null && typeof difference !== 'number')
    throw new UsageError(
      `the baseline '${file}' is not the output of skillsmith eval --impact --json (it has no overall.lift)`,
    );
  return { difference };
}

/** Progress on stderr: one updating line on a terminal, else a line every tenth of the run. */
function progressPrinter(): (p: ImpactProgress) => void {
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  return (p) => {
    const left = p.remainingMs === undefined ? '' : `, about ${duration(p.remainingMs)} left`;
    const line = `skillsmith eval: ${p.done}/${p.total} trials, ${p.errors} error${p.errors === 1 ? '' : 's'}, ${p.retries} retr${p.retries === 1 ? 'y' : 'ies'}${left}`;
    if (tty) {
      process.stderr.write(`\r${line}\u001b[K${p.done === p.total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor((p.done / Math.max(1, p.total)) * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      writeErr(line);
    }
  };
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The `--json` shape of docs/impact.md. */
export function impactJson(
  summary: ImpactSummary,
  records: readonly TrialRecord[],
  comparison?: ImpactBaselineComparison,
): string {
  const arm = (a: ImpactSummary['overall']['arms']['with']) => ({
    passes: a.passes,
    fails: a.fails,
    errors: a.errors,
    unproven: a.unproven,
    rate: a.rate,
    interval: a.interval,
    error_kinds: a.errorKinds,
    loaded: a.loaded,
    mean_ms: a.meanMs,
    input_tokens: a.inputTokens,
    output_tokens: a.outputTokens,
    cost_usd: a.costUsd,
  });
  const lift = (i: ImpactSummary['overall']['impact']) => ({
    paired: i.paired,
    difference: i.difference,
    interval: i.interval,
    only_with: i.onlyWith,
    only_without: i.onlyWithout,
    both_pass: i.bothPass,
    both_fail: i.bothFail,
    p: i.test.p,
    verdict: i.verdict,
  });
  return JSON.stringify({
    skill: summary.skill,
    host: summary.host,
    trials: summary.trials,
    evals: summary.evals.map((e) => ({
      id: e.id,
      prompt: e.prompt,
      with: arm(e.arms.with),
      without: arm(e.arms.without),
      lift: lift(e.impact),
      unproven: e.unproven,
      errors: e.errorMessages,
    })),
    overall: {
      with: arm(summary.overall.arms.with),
      without: arm(summary.overall.arms.without),
      lift: lift(summary.overall.impact),
    },
    worse: summary.worse,
    not_run: summary.notRun,
    ...(comparison ? { comparison } : {}),
    trials_detail: records.map((r) => ({
      eval: r.evalId,
      arm: r.arm,
      trial: r.trial,
      outcome: r.outcome,
      attempts: r.attempts,
      retried: r.retried.map((e) => e.kind),
      ...(r.report?.kind === 'ran'
        ? {
            ms: r.report.ms,
            evidence: r.report.evidence,
            checks: r.report.checks,
            expectations: r.report.expectations,
            answer: r.report.answer.slice(0, 2000),
          }
        : r.report
          ? { ms: r.report.ms, error: r.report.error }
          : {}),
    })),
  });
}

/** Writes through a temporary file beside the target and a rename: the old report or the new one, never half of one. */
async function writeAtomically(target: string, text: string): Promise<void> {
  const temp = `${target}.${process.pid}.tmp`;
  await nodeFs.writeFile(toNativePath(temp), text);
  await nodeFs.rename(toNativePath(temp), toNativePath(target));
}
