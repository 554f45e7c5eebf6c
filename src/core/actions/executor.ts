// The guarded executor (docs/actions.md, "Execution"): resolves the skill and the action, asks
// the access policy, validates the input, checks the run path and the secrets, then runs the
// program through a ProcessRunner with a minimal environment, a timeout and a concurrency
// bound, and normalises whatever happened into an ExecutionResult. `prepare` does every check
// without running anything (the editor shows its command line in the confirmation);
// `execute` runs a prepared action. Every secret value is masked in what comes back, and
// `stopAll` stops every run still going (the editor closing, the CLI signalled).
import { actionMaySeeWorkspace, decideAccess, type AccessRequest } from '../access/policy';
import type { CatalogEntry, SkillCatalog } from '../catalog/catalog';
import type { FileSystem } from '../base/fileSystem';
import {
  ACTION_KILL_GRACE_MS,
  MAX_ACTION_INPUT_BYTES,
  MAX_ACTION_STDERR_BYTES,
  MAX_ACTION_STDOUT_BYTES,
  MAX_ACTION_TIMEOUT_SECONDS,
} from '../base/limits';
import { pathKey, samePath, toNativePath } from '../base/paths';
import { utf8ByteLength } from '../base/text';
import { closestMatches, didYouMean } from '../base/suggest';
import { hasErrors } from '../base/types';
import { readSkillBody } from '../loading/skillFolder';
import { defaultAction, readActionsFile, type ActionDeclaration } from './declaration';
import { actionEnvironment } from './environment';
import { checkInput, checkValue, summarizeViolations } from './inputContract';
import { createCancellationSource, type CancellationToken } from '../base/cancellation';
import type { ProcessRunner } from './processRunner';
import { failure, maskedResult, resultOf, type ExecutionResult } from './result';
import { resolveRun, type ResolvedProgram } from './runPath';
import { secretMask, secretValueProblem } from './secretMask';

export interface ActionRunRequest {
  readonly skill: string;
  /**
   * The folder of the very copy to run (the Skills view's item, a CodeLens): a shadowed copy
   * is refused instead of its name running the copy that wins.
   */
  readonly skillDir?: string;
  /** The action's name; the skill's default action when omitted. */
  readonly action?: string;
  readonly input?: unknown;
  /** The model asks (a tool call), or the user runs it by hand. */
  readonly asker: 'model' | 'user';
  /** Overrides the declared timeout (the CLI's --timeout). */
  readonly timeoutSeconds?: number;
}

export interface ExecutorDeps {
  readonly catalog: SkillCatalog;
  readonly fs: FileSystem;
  readonly runner: ProcessRunner;
  /**
   * A secret's value for one skill, by name; undefined when it is not set. The editor keeps
   * secrets per skill folder (docs/actions.md, "Policies"); the CLI reads its environment.
   */
  readonly secret: (name: string, skillDir: string) => Promise<string | undefined>;
  /** What the user should do to set a missing secret (names the command or the variable). */
  readonly missingSecretHint: (name: string) => string;
  /** The environment the minimal one is taken from. */
  readonly baseEnv: Readonly<Record<string, string | undefined>>;
  /** The workspace folder of a skill, for SKILLSMITH_WORKSPACE and the request's context. */
  readonly workspaceOf: (skillDir: string) => string | undefined;
  /** Whether names may be Unicode; asked at each run, since the editor's setting can change while the executor lives. */
  readonly unicodeNames?: () => boolean;
  /** A line for the log, after masking. */
  readonly log?: (line: string) => void;
}

/** A run that passed every check: what will start, and with which input. */
export interface PreparedRun {
  readonly entry: CatalogEntry;
  readonly action: ActionDeclaration;
  /** The input with its defaults applied. */
  readonly input: Record<string, unknown>;
  readonly program: ResolvedProgram;
  readonly args: readonly string[];
  /** The command line as a person reads it (program and arguments, quoted where needed). */
  readonly commandLine: string;
  readonly timeoutSeconds: number;
  /** The workspace folder the action is told about; undefined when it may not see one. */
  readonly workspace: string | undefined;
  /** The request written to stdin, checked against its cap before anyone is asked. */
  readonly stdin: string;
}

export type Prepared =
  { readonly ok: true; readonly run: PreparedRun } | { readonly ok: false; readonly result: ExecutionResult };

/** One argv item as a person reads it on a command line (quoted where needed). */
export const quoteArgument = (item: string) => (/^[\w@%+=:,./\\-]+$/.test(item) ? item : JSON.stringify(item));

export class ActionExecutor {
  /** Runs in progress per action (skill folder and action name). */
  private readonly running = new Map<string, number>();
  /** Every run in progress: what stops it, and its end. */
  private readonly live = new Set<{ readonly stop: () => void; readonly done: Promise<unknown> }>();
  /** Set by close: nothing starts any more. */
  private closed = false;

  constructor(private readonly deps: ExecutorDeps) {}

  /** Every check of a run, nothing started. */
  async prepare(request: ActionRunRequest): Promise<Prepared> {
    const { catalog, fs } = this.deps;
    const actionName = request.action?.trim() || '';
    const fail = (type: Parameters<typeof failure>[2], message: string, suggestion?: string): Prepared => ({
      ok: false,
      result: failure(request.skill, actionName || '(default)', type, message, suggestion),
    });
    const access: AccessRequest = { asker: request.asker, what: 'run-action' };
    const names = request.asker === 'model' ? catalog.offered().map((e) => e.record.name) : catalog.names();
    const notFound = () =>
      fail(
        'not_found',
        `No skill named '${request.skill}'.`,
        didYouMean(closestMatches(request.skill, names)) ?? 'List the skills to see their names.',
      );
    const byFolder = request.skillDir;
    const entry =
      byFolder === undefined
        ? catalog.get(request.skill.trim())
        : catalog.entries().find((e) => samePath(e.record.dir, byFolder));
    if (!entry) return notFound();
    const refuse = (standing = entry.standing): Prepared | undefined => {
      const decision = decideAccess(standing, access);
      if (decision.allowed) return undefined;
      if (decision.denial.reason === 'shadowed' && byFolder !== undefined) {
        const winner = catalog.get(entry.record.name);
        const where = winner ? ` by the copy in ${toNativePath(winner.record.dir)}` : '';
        return fail(
          'not_allowed',
          `This copy of '${entry.record.name}' (${toNativePath(entry.record.dir)}) is shadowed${where}: a name runs only the copy that wins it, and this one does not.`,
          'Run the winning copy, or rename one of the two skills.',
        );
      }
      if (decision.denial.type === 'not_found') return notFound();
      return fail(decision.denial.type, decision.denial.message, decision.denial.suggestion);
    };
    const refusal = refuse();
    if (refusal) return refusal;
    // The skill as it is on disk now: broken or hidden since the last scan is refused too.
    const body = await readSkillBody(fs, entry.record.filePath, this.deps.unicodeNames?.() ?? false).catch(
      () => undefined,
    );
    if (!body) return fail('not_found', `Skill '${entry.record.name}' could not be read.`);
    const now = refuse({
      ...entry.standing,
      hasErrors: hasErrors(body.analysis.problems),
      hidden: body.analysis.hidden,
    });
    if (now) return now;

    const declared = await readActionsFile(fs, entry.record.dir);
    if (!declared)
      return fail(
        'not_found',
        `Skill '${entry.record.name}' has no actions.`,
        'Load the skill and follow its instructions instead.',
      );
    if (!declared.ok)
      return fail(
        'invalid_skill',
        `The actions.json of skill '${entry.record.name}' is invalid: ${declared.errors.join(' ')}`,
        `Fix ${toNativePath(entry.record.dir)}/actions.json.`,
      );
    const actionNames = declared.actions.map((a) => a.name);
    const action = actionName ? declared.actions.find((a) => a.name === actionName) : defaultAction(declared.actions);
    if (!action) {
      if (!actionName)
        return fail(
          'invalid_input',
          `Skill '${entry.record.name}' has no default action.`,
          `Name one of its actions: ${actionNames.join(', ')}.`,
        );
      return fail(
        'not_found',
        `Skill '${entry.record.name}' has no action '${actionName}'.`,
        didYouMean(closestMatches(actionName, actionNames)) ?? `Its actions: ${actionNames.join(', ')}.`,
      );
    }
    const named = (type: Parameters<typeof failure>[2], message: string, suggestion?: string): Prepared => ({
      ok: false,
      result: failure(entry.record.name, action.name, type, message, suggestion),
    });
    // The input's size is bounded before it is validated, so that validation is bounded too.
    const given = JSON.stringify(request.input ?? {}) ?? '';
    const givenBytes = utf8ByteLength(given);
    if (givenBytes > MAX_ACTION_INPUT_BYTES)
      return named(
        'invalid_input',
        `The input is too large (${givenBytes} bytes; at most ${MAX_ACTION_INPUT_BYTES}).`,
        'Pass a smaller input.',
      );
    const checked = checkInput(action.input, request.input);
    if (!checked.ok) {
      if ('schemaError' in checked)
        return named('invalid_skill', checked.schemaError, `Fix the input schema of '${action.name}' in actions.json.`);
      const { message, suggestion } = summarizeViolations(checked.violations);
      return named('invalid_input', message, suggestion);
    }
    const run = await resolveRun(fs, entry.record.dir, action.run);
    if (!run.ok)
      return named(
        'invalid_skill',
        run.message,
        `Fix 'run' of '${action.name}' in actions.json: it must stay inside the skill's folder.`,
      );
    const timeoutSeconds = Math.min(request.timeoutSeconds ?? action.timeoutSeconds, MAX_ACTION_TIMEOUT_SECONDS);
    const shown = run.program.kind === 'file' ? action.run[0] : run.program.name;
    const workspace = actionMaySeeWorkspace(entry.standing) ? this.deps.workspaceOf(entry.record.dir) : undefined;
    const stdin = JSON.stringify({
      action: action.name,
      input: checked.input,
      context: {
        skillDir: toNativePath(entry.record.dir),
        workspace: workspace === undefined ? null : toNativePath(workspace),
      },
    });
    const stdinBytes = utf8ByteLength(stdin);
    if (stdinBytes > MAX_ACTION_INPUT_BYTES)
      return named(
        'invalid_input',
        `The input is too large (${stdinBytes} bytes as the program receives it; at most ${MAX_ACTION_INPUT_BYTES}).`,
        'Pass a smaller input.',
      );
    return {
      ok: true,
      run: {
        entry,
        action,
        input: checked.input,
        program: run.program,
        args: run.args,
        commandLine: [shown, ...run.args].map(quoteArgument).join(' '),
        timeoutSeconds,
        workspace,
        stdin,
      },
    };
  }

  /** Prepares and runs in one go. */
  async run(request: ActionRunRequest, token: CancellationToken): Promise<ExecutionResult> {
    const prepared = await this.prepare(request);
    return prepared.ok ? this.execute(prepared.run, token) : prepared.result;
  }

  /** Runs a prepared action: secrets, the concurrency bound, the process, the result. */
  async execute(prepared: PreparedRun, token: CancellationToken): Promise<ExecutionResult> {
    const { entry, action } = prepared;
    const skill = entry.record.name;
    if (this.closed) return failure(skill, action.name, 'cancelled', 'Nothing ran: the server is shutting down.');
    const secrets: Record<string, string> = {};
    for (const name of action.secrets) {
      const value = await this.deps.secret(name, entry.record.dir);
      if (value === undefined || value === '') {
        return failure(
          skill,
          action.name,
          'missing_secret',
          `The action '${action.name}' needs the secret ${name}, which is not set.`,
          this.deps.missingSecretHint(name),
        );
      }
      const problem = secretValueProblem(name, value);
      if (problem) return failure(skill, action.name, 'missing_secret', problem, this.deps.missingSecretHint(name));
      secrets[name] = value;
    }
    const mask = secretMask(Object.values(secrets));
    const key = `${pathKey(entry.record.dir)}\0${action.name}`;
    const active = this.running.get(key) ?? 0;
    if (active >= action.maxConcurrent) {
      return failure(
        skill,
        action.name,
        'busy',
        `The action '${action.name}' is already running ${active === 1 ? 'once' : `${active} times`}, its limit (maxConcurrent).`,
        'Wait for the running one to finish, then try again.',
      );
    }
    this.running.set(key, active + 1);
    // Stopped by the caller's token, or by stopAll.
    const stopper = createCancellationSource();
    const forwarded = token.onCancellationRequested(() => stopper.cancel());
    if (token.isCancellationRequested) stopper.cancel();
    const started = performance.now();
    const run = this.deps.runner.run(
      {
        program: prepared.program,
        args: prepared.args,
        cwd: entry.record.dir,
        env: actionEnvironment({
          base: this.deps.baseEnv,
          skillDir: entry.record.dir,
          workspace: prepared.workspace,
          action: action.name,
          secrets,
        }),
        stdin: prepared.stdin,
        timeoutMs: prepared.timeoutSeconds * 1000,
        killGraceMs: ACTION_KILL_GRACE_MS,
        maxStdoutBytes: MAX_ACTION_STDOUT_BYTES,
        maxStderrBytes: MAX_ACTION_STDERR_BYTES,
      },
      stopper.token,
    );
    const handle = { stop: () => stopper.cancel(), done: run.catch(() => undefined) };
    this.live.add(handle);
    try {
      const outcome = await run;
      // A secret cut in two by a cap keeps no part of itself at the cut.
      const edges = {
        ...outcome,
        stdout: outcome.stdoutTruncated ? mask.cutAtEnd(outcome.stdout) : outcome.stdout,
        stderrTail: outcome.stderrTruncated ? mask.cutAtStart(outcome.stderrTail) : outcome.stderrTail,
      };
      const output = action.output;
      const result = maskedResult(
        resultOf(edges, {
          skill,
          action: action.name,
          durationMs: Math.round(performance.now() - started),
          timeoutSeconds: prepared.timeoutSeconds,
          checkOutput: output
            ? (data) => {
                const checked = checkValue(output, data);
                if (checked.ok) return undefined;
                return 'schemaError' in checked ? checked.schemaError : summarizeViolations(checked.violations).message;
              }
            : undefined,
        }),
        mask,
      );
      this.deps.log?.(
        mask.text(
          `Action ${skill}/${action.name}: ${result.status}${result.error ? ` (${result.error.type}: ${result.error.message})` : ''} in ${result.durationMs} ms.`,
        ),
      );
      return result;
    } finally {
      this.live.delete(handle);
      forwarded.dispose();
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    }
  }

  /** How many runs are in progress. */
  get activeRuns(): number {
    return this.live.size;
  }

  /** Stops every run in progress, as stopAll does, and starts none from now on (a server shutting down). */
  async close(): Promise<void> {
    this.closed = true;
    await this.stopAll();
  }

  /**
   * Stops every run in progress (their process trees: TERM, then KILL after the grace) and
   * resolves once each has ended. The editor calls it when it closes, the CLI when signalled.
   */
  async stopAll(): Promise<void> {
    const runs = [...this.live];
    for (const run of runs) run.stop();
    await Promise.all(runs.map((run) => run.done));
  }
}
