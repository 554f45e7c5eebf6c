// The result of one action run (docs/actions.md, "Result"), whatever happened: a process
// outcome is normalised into success with data, the script's own structured error, or one
// of ours, and the text a model receives is capped.
import { MAX_ACTION_RESULT_CHARS, MAX_ACTION_STDOUT_BYTES } from '../base/limits';
import type { ProcessOutcome } from './processRunner';
import type { SecretMask } from './secretMask';

export type ActionStatus = 'success' | 'error' | 'timeout' | 'cancelled';

export type ActionErrorType =
  | 'not_found'
  | 'invalid_input'
  | 'invalid_skill'
  | 'not_allowed'
  | 'missing_secret'
  | 'busy'
  | 'timeout'
  | 'cancelled'
  | 'action_failed'
  | 'invalid_output';

export interface ActionError {
  /** One of ActionErrorType, or the type a script's own error gives. */
  readonly type: string;
  readonly message: string;
  readonly suggestion?: string;
}

export interface ExecutionResult {
  readonly skill: string;
  readonly action: string;
  readonly status: ActionStatus;
  readonly data?: unknown;
  readonly durationMs: number;
  readonly error?: ActionError;
}

/** An error result. */
export function failure(
  skill: string,
  action: string,
  type: ActionErrorType,
  message: string,
  suggestion?: string,
  durationMs = 0,
): ExecutionResult {
  const status: ActionStatus = type === 'timeout' ? 'timeout' : type === 'cancelled' ? 'cancelled' : 'error';
  return { skill, action, status, durationMs, error: suggestion ? { type, message, suggestion } : { type, message } };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}

/** A script's own `{"error": {type, message, suggestion?}}`, when stdout is one. */
function ownError(stdout: string): ActionError | undefined {
  const parsed = parseJson(stdout);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return undefined;
  const error = (parsed.value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, message, suggestion } = error as Record<string, unknown>;
  if (typeof type !== 'string' || typeof message !== 'string') return undefined;
  return typeof suggestion === 'string' ? { type, message, suggestion } : { type, message };
}

export interface OutcomeContext {
  readonly skill: string;
  readonly action: string;
  readonly durationMs: number;
  readonly timeoutSeconds: number;
  /** Checks `data` against the action's output schema; a message when it does not match. */
  readonly checkOutput?: (data: unknown) => string | undefined;
}

/** Normalises a (masked) process outcome. */
export function resultOf(outcome: ProcessOutcome, context: OutcomeContext): ExecutionResult {
  const { skill, action, durationMs } = context;
  const fail = (type: ActionErrorType, message: string, suggestion?: string) =>
    failure(skill, action, type, message, suggestion, durationMs);
  const stderr = outcome.stderrTail.trim();
  const stderrNote = stderr ? ` Its stderr ends with: ${stderr.slice(-1000)}` : '';
  switch (outcome.kind) {
    case 'not-started':
      return fail(
        'action_failed',
        `The program could not be started: ${outcome.startError ?? 'unknown reason'}.`,
        "Check that the program in the action's run is installed and on PATH.",
      );
    case 'timeout':
      return fail(
        'timeout',
        `The action did not finish within ${context.timeoutSeconds} s and was stopped.${stderrNote}`,
        'Try a smaller input, or raise timeoutSeconds in actions.json (at most 600).',
      );
    case 'cancelled':
      return fail('cancelled', 'The run was cancelled and the program was stopped.');
  }
  if (outcome.exitCode !== 0) {
    const own = ownError(outcome.stdout);
    if (own) return { skill, action, status: 'error', durationMs, error: own };
    const how =
      outcome.exitCode === null
        ? `was ended by ${outcome.signal ?? 'a signal'}`
        : `exited with code ${outcome.exitCode}`;
    return fail(
      'action_failed',
      `The program ${how}.${stderrNote}`,
      'Read the error output above; fix the input or the script, then run it again.',
    );
  }
  // Cut output is not JSON any more: it is passed on as text, with a note.
  const parsed = outcome.stdoutTruncated ? ({ ok: false } as const) : parseJson(outcome.stdout);
  const cut = outcome.stdoutTruncated ? { note: `The output was cut at ${MAX_ACTION_STDOUT_BYTES} bytes.` } : {};
  const data = parsed.ok ? parsed.value : { text: outcome.stdout, ...cut };
  const mismatch = context.checkOutput?.(data);
  if (mismatch)
    return fail(
      'invalid_output',
      `The program's result does not match the action's output schema: ${mismatch}`,
      'The script must print JSON that matches the output schema in actions.json; fix the script or the schema.',
    );
  return { skill, action, status: 'success', data, durationMs };
}

/**
 * The result with every secret masked: every string and key of the data and the error, then
 * the serialized result as a last check. Should a form of a secret survive that check (a
 * secret that JSON's own punctuation spells), the data is withheld rather than returned.
 */
export function maskedResult(result: ExecutionResult, mask: SecretMask): ExecutionResult {
  if (mask.empty) return result;
  const masked = mask.value(result) as ExecutionResult;
  const text = JSON.stringify(masked);
  if (mask.text(text) === text) return masked;
  return failure(
    masked.skill,
    masked.action,
    'action_failed',
    'The result was withheld: it holds a secret in a form that cannot be masked inside JSON.',
    'Print the data without the secret.',
    masked.durationMs,
  );
}

/** The JSON text a model receives: at most MAX_ACTION_RESULT_CHARS, with a note when cut. */
export function resultText(result: ExecutionResult, max = MAX_ACTION_RESULT_CHARS): string {
  const text = JSON.stringify(result);
  if (text.length <= max) return text;
  const { data: _data, ...rest } = result;
  const note = `The result had ${text.length} characters; only the first ${max - 1024} of its data are shown.`;
  const partial = JSON.stringify(result.data ?? null).slice(0, max - 1024);
  return JSON.stringify({ ...rest, truncated: true, note, partialData: partial });
}
