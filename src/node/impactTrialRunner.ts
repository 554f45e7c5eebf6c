// One impact trial in an agent CLI, headless (docs/impact.md, "Hosts"): a fresh temporary folder
// that holds the eval's input files and, in the arm with the skill, a copy of the skill where
// that host reads project skills (its profile's first folder) and nowhere else; the host run
// in it with its non-interactive permissions; the arm proven from the host's own output and
// Skillsmith's verdict for that folder; then the checks and the grader, on what the run left,
// once the skill's copy is gone. The user's workspace is never the trial's folder.
import { promises as nodeFs } from 'node:fs';
import * as os from 'node:os';
import type { ProcessOutcome, ProcessRunner } from '../core/actions/processRunner';
import type { CancellationToken } from '../core/base/cancellation';
import {
  basenamePath,
  dirnamePath,
  isInside,
  joinPath,
  normalizePath,
  rawSegments,
  toNativePath,
} from '../core/base/paths';
import { hostRecords } from '../core/hosts/hostRecords';
import { HOST_PROFILES } from '../core/hosts/profiles';
import { hostVerdicts } from '../core/hosts/verdicts';
import { gradedStatements, graderPrompt, parseGrading } from '../core/impact/graderPrompt';
import { codexListedSkills, codexPromptListing, parseHostRun, type AgentHost } from '../core/impact/hostTranscripts';
import type { ImpactCheck, ImpactEval } from '../core/impact/impactEvals';
import type { TrialRunner } from '../core/impact/impactRun';
import type {
  Arm,
  ArmEvidence,
  CheckResult,
  GradedExpectation,
  TrialError,
  TrialReport,
} from '../core/impact/impactTrial';
import { compileLinearPattern } from '../core/actions/linearPattern';
import { NodeFileSystem } from './nodeFileSystem';

export interface HostTrialOptions {
  readonly host: AgentHost;
  /** The host's program, absolute. */
  readonly program: string;
  /** Arguments for every run of the host, before the prompt (`--model X`, Codex's `-c key=value`). */
  readonly hostArgs: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** The skill's folder and name. */
  readonly skillDir: string;
  readonly skillName: string;
  /** Where the trials' folders are made (a fresh temporary folder of the run). */
  readonly base: string;
  /** The user's home, where the hosts also read skills (for the proof of the arm). */
  readonly home: string | undefined;
  readonly timeoutMs: number;
  readonly processes: ProcessRunner;
  /** Keep each trial's folder after it is judged (for a look at what the agent did). */
  readonly keep?: boolean;
}

/** Longest output of a host run kept for the transcript. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;
const MAX_TRANSCRIPT_CHARS = 256 * 1024;
const CHECK_TIMEOUT_MS = 120_000;
/** The skill's copy holds no evals: the arm with it must not see the answers. */
const NOT_COPIED = new Set(['evals', '.git']);

export class HostTrialRunner implements TrialRunner {
  private next = 0;

  constructor(private readonly options: HostTrialOptions) {}

  async run(evalCase: ImpactEval, arm: Arm, _trial: number, token: CancellationToken): Promise<TrialReport> {
    const t0 = Date.now();
    // A neutral name: nothing in the folder's path tells the model which arm it is in.
    const dir = joinPath(this.options.base, `t${++this.next}-${Math.random().toString(36).slice(2, 8)}`);
    try {
      await nodeFs.mkdir(toNativePath(dir), { recursive: true });
      const inputs = await this.copyInputs(evalCase, dir);
      const placed = arm === 'with' ? await this.placeSkill(dir) : undefined;
      const listing = this.options.host === 'codex' ? await this.codexListing(dir, token) : undefined;
      if (typeof listing === 'object') return { kind: 'error', error: listing, ms: Date.now() - t0 };
      const prompt = inputs.length === 0 ? evalCase.prompt : `${evalCase.prompt}\n\nInput files: ${inputs.join(', ')}`;
      const outcome = await this.runHost(dir, this.agentArgs(prompt), token);
      const transcript = outcome.stdout.slice(-MAX_TRANSCRIPT_CHARS);
      const failed = processError(outcome);
      if (failed) return { kind: 'error', error: failed, ms: Date.now() - t0, transcript };
      const run = parseHostRun(this.options.host, outcome.stdout, outcome.exitCode, this.options.skillName);
      const found = listing !== undefined ? codexListedSkills(listing) : run.skillsFound;
      const evidence = await this.evidence(arm, dir, placed, found, run.loaded);
      if (run.error) return { kind: 'error', error: run.error, ms: Date.now() - t0, transcript, evidence };
      if (placed) await nodeFs.rm(toNativePath(dirnamePath(placed)), { recursive: true, force: true });
      const checks = await this.runChecks(evalCase.checks, dir, run.answer, token);
      const graded = await this.grade(evalCase, dir, run.answer, token);
      if ('error' in graded) return { kind: 'error', error: graded.error, ms: Date.now() - t0, transcript, evidence };
      return {
        kind: 'ran',
        answer: run.answer,
        evidence,
        checks,
        expectations: graded.expectations,
        usage: run.usage,
        ms: Date.now() - t0,
        transcript,
      };
    } catch (error) {
      return { kind: 'error', error: { kind: 'setup', message: messageOf(error) }, ms: Date.now() - t0 };
    } finally {
      if (!this.options.keep)
        await nodeFs.rm(toNativePath(dir), { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** The eval's input files, each at its own name in the trial's folder (parseImpactEvals keeps them inside the skill). */
  private async copyInputs(evalCase: ImpactEval, dir: string): Promise<string[]> {
    const names: string[] = [];
    for (const file of evalCase.files) {
      const source = joinPath(this.options.skillDir, ...rawSegments(file));
      const name = basenamePath(source);
      if (names.includes(name)) throw new Error(`two input files of eval ${evalCase.id} are named ${name}`);
      const stat = await nodeFs.lstat(toNativePath(source)).catch(() => undefined);
      if (!stat?.isFile())
        throw new Error(`the input file ${file} of eval ${evalCase.id} is not a file in the skill's folder`);
      await nodeFs.copyFile(toNativePath(source), toNativePath(joinPath(dir, name)));
      names.push(name);
    }
    return names;
  }

  /** Copies the skill (its regular files and folders, not its evals nor links) where the host reads project skills; returns its SKILL.md. */
  private async placeSkill(dir: string): Promise<string> {
    const folder = HOST_PROFILES[this.options.host].projectFolders.value[0];
    const target = joinPath(dir, ...rawSegments(folder), this.options.skillName);
    await copyTree(this.options.skillDir, target, true);
    return joinPath(target, 'SKILL.md');
  }

  /** Codex's own rendering of its skills listing for this folder (`codex debug prompt-input`). */
  private async codexListing(dir: string, token: CancellationToken): Promise<string | TrialError> {
    const outcome = await this.runHost(dir, ['debug', 'prompt-input', ...this.options.hostArgs], token);
    const failed = processError(outcome);
    if (failed) return failed;
    return codexPromptListing(outcome.stdout);
  }

  private agentArgs(prompt: string): string[] {
    const extra = this.options.hostArgs;
    switch (this.options.host) {
      case 'claude-code':
        // acceptEdits: files in the folder may be written; anything else is refused under -p (an error, said).
        return [
          '-p',
          prompt,
          '--output-format',
          'stream-json',
          '--verbose',
          '--permission-mode',
          'acceptEdits',
          ...extra,
        ];
      case 'codex':
        return ['exec', '--skip-git-repo-check', '--json', '--sandbox', 'workspace-write', ...extra, prompt];
      case 'copilot-cli':
        return ['-p', prompt, '--output-format', 'json', '--allow-tool', 'write', ...extra];
    }
  }

  private runHost(dir: string, args: readonly string[], token: CancellationToken): Promise<ProcessOutcome> {
    return this.options.processes.run(
      {
        program: { kind: 'file', path: this.options.program },
        args,
        cwd: dir,
        env: this.options.env,
        stdin: '',
        timeoutMs: this.options.timeoutMs,
        killGraceMs: 2000,
        maxStdoutBytes: MAX_OUTPUT_BYTES,
        maxStderrBytes: 16 * 1024,
      },
      token,
    );
  }

  /**
   * The arm as the host saw it. With the skill: the host names it among the skills it loaded and
   * Skillsmith's verdict for this folder lists it (Codex: its own listing names it). Without: the
   * host names no skill of that name.
   */
  private async evidence(
    arm: Arm,
    dir: string,
    placed: string | undefined,
    found: readonly string[] | undefined,
    loaded: boolean | undefined,
  ): Promise<ArmEvidence> {
    const host = this.options.host;
    const source =
      host === 'claude-code'
        ? 'the init event\u2019s skills'
        : host === 'codex'
          ? 'codex debug prompt-input'
          : 'the session.skills_loaded event';
    if (found === undefined) return { listed: undefined, loaded, source };
    const named = found.includes(this.options.skillName);
    if (arm === 'without' || !named || host === 'codex') return { listed: named, loaded, source };
    const fs = new NodeFileSystem();
    const context = { projectRoots: [dir], home: this.options.home };
    const records = await hostRecords(fs, [], [host], context);
    const record = records.find((r) => placed !== undefined && normalizePath(r.filePath) === normalizePath(placed));
    const verdict = record && hostVerdicts(host, records, context).get(record);
    const listed = verdict?.listing !== undefined && verdict.listing.form !== 'dropped';
    return {
      listed,
      loaded,
      source: `${source} and Skillsmith\u2019s ${host} verdict`,
      ...(listed ? {} : { reasons: verdict?.reasons.map((r) => r.text) ?? ['its copy was not found'] }),
    };
  }

  private async runChecks(
    checks: readonly ImpactCheck[],
    dir: string,
    answer: string,
    token: CancellationToken,
  ): Promise<CheckResult[]> {
    const results: CheckResult[] = [];
    for (const check of checks) results.push(await this.runCheck(check, dir, answer, token));
    return results;
  }

  private async runCheck(
    check: ImpactCheck,
    dir: string,
    answer: string,
    token: CancellationToken,
  ): Promise<CheckResult> {
    switch (check.kind) {
      case 'output': {
        const text = `output matches ${check.matches}`;
        return { text, passed: matches(check.matches, answer) };
      }
      case 'file': {
        const text = check.matches === undefined ? `file ${check.path}` : `file ${check.path} matches ${check.matches}`;
        const file = joinPath(dir, ...rawSegments(check.path));
        if (!isInside(file, dir)) return { text, passed: false, detail: 'outside the trial folder' };
        const stat = await nodeFs.lstat(toNativePath(file)).catch(() => undefined);
        if (!stat?.isFile()) return { text, passed: false, detail: 'no such file' };
        if (check.matches === undefined) return { text, passed: true };
        const content = await nodeFs.readFile(toNativePath(file), 'utf8');
        return { text, passed: matches(check.matches, content) };
      }
      case 'command': {
        const text = `command ${check.argv.join(' ')}`;
        const [program, ...args] = check.argv;
        const outcome = await this.options.processes.run(
          {
            program:
              program.includes('/') || program.includes('\\')
                ? { kind: 'file', path: joinPath(dir, ...rawSegments(program)) }
                : { kind: 'path-lookup', name: program },
            args,
            cwd: dir,
            env: this.options.env,
            stdin: '',
            timeoutMs: CHECK_TIMEOUT_MS,
            killGraceMs: 2000,
            maxStdoutBytes: 64 * 1024,
            maxStderrBytes: 8 * 1024,
          },
          token,
        );
        const passed = outcome.kind === 'exited' && outcome.exitCode === 0;
        return {
          text,
          passed,
          ...(passed ? {} : { detail: outcome.kind === 'exited' ? `exit ${outcome.exitCode}` : outcome.kind }),
        };
      }
    }
  }

  /** The grader: the same host, run again in the trial's folder (the skill's copy gone), asked for grading JSON. */
  private async grade(
    evalCase: ImpactEval,
    dir: string,
    answer: string,
    token: CancellationToken,
  ): Promise<{ expectations: GradedExpectation[] } | { error: TrialError }> {
    if (gradedStatements(evalCase).length === 0) return { expectations: [] };
    const files = await listFiles(dir);
    const outcome = await this.runHost(dir, this.graderArgs(graderPrompt(evalCase, answer, files)), token);
    const failed = processError(outcome);
    if (failed) return { error: { ...failed, kind: failed.kind === 'cancelled' ? 'cancelled' : 'grader' } };
    const run = parseHostRun(this.options.host, outcome.stdout, outcome.exitCode, this.options.skillName);
    if (run.error) return { error: { kind: 'grader', message: run.error.message } };
    const graded = parseGrading(evalCase, run.answer);
    return graded.ok ? { expectations: graded.expectations } : { error: graded.error };
  }

  /** The grader only reads: Claude Code and Copilot CLI in their default (ask, so refuse) mode, Codex read-only. */
  private graderArgs(prompt: string): string[] {
    const extra = this.options.hostArgs;
    switch (this.options.host) {
      case 'claude-code':
        return ['-p', prompt, '--output-format', 'stream-json', '--verbose', ...extra];
      case 'codex':
        return ['exec', '--skip-git-repo-check', '--json', '--sandbox', 'read-only', ...extra, prompt];
      case 'copilot-cli':
        return ['-p', prompt, '--output-format', 'json', ...extra];
    }
  }
}

/** A temporary folder for one run's trials. */
export async function makeTrialBase(): Promise<string> {
  return normalizePath(await nodeFs.mkdtemp(joinPath(normalizePath(os.tmpdir()), 'skillsmith-impact-')));
}

function processError(outcome: ProcessOutcome): TrialError | undefined {
  if (outcome.kind === 'timeout') return { kind: 'timeout', message: 'the host did not finish within the timeout' };
  if (outcome.kind === 'cancelled') return { kind: 'cancelled', message: 'cancelled' };
  if (outcome.kind === 'not-started')
    return { kind: 'setup', message: outcome.startError ?? 'the host could not start' };
  return undefined;
}

function matches(pattern: string, text: string): boolean {
  // parseImpactEvals refused a pattern that does not compile, so `ok` holds here.
  const compiled = compileLinearPattern(pattern);
  return compiled.ok && compiled.test(text);
}

async function copyTree(from: string, to: string, top: boolean): Promise<void> {
  await nodeFs.mkdir(toNativePath(to), { recursive: true });
  for (const entry of await nodeFs.readdir(toNativePath(from), { withFileTypes: true })) {
    if (top && NOT_COPIED.has(entry.name)) continue;
    const source = joinPath(from, entry.name);
    const target = joinPath(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target, false);
    else if (entry.isFile()) await nodeFs.copyFile(toNativePath(source), toNativePath(target));
    // A link is not followed: what it points at may lie outside the skill.
  }
}

/** The files under `dir`, relative, sorted (at most 200). */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (folder: string, prefix: string) => {
    for (const entry of await nodeFs.readdir(toNativePath(folder), { withFileTypes: true })) {
      if (out.length >= 200) return;
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await walk(joinPath(folder, entry.name), relative);
      else out.push(relative);
    }
  };
  await walk(dir, '');
  return out.sort();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
