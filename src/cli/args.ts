// Command-line parsing for `skillsmith`, on node:util's parseArgs: each command declares its
// options, anything else is reported as an unknown option, and `--` ends the options.
import { parseArgs } from 'node:util';

export class UsageError extends Error {}

export interface CommandOptions {
  /** Options that take a value (`--budget 500`, `--budget=500`). */
  readonly strings?: readonly string[];
  /** Flags (`--json`). */
  readonly booleans?: readonly string[];
  /** Options that take a value and may be given several times (`--host vscode --host codex`). */
  readonly repeated?: readonly string[];
}

export interface CommandArgs {
  readonly positionals: string[];
  readonly values: Readonly<Record<string, string | boolean | string[] | undefined>>;
}

/** Parses one command's arguments; a mistake becomes a UsageError that names the option. */
export function parseCommandArgs(argv: readonly string[], spec: CommandOptions): CommandArgs {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const name of spec.strings ?? []) options[name] = { type: 'string' };
  for (const name of spec.repeated ?? []) options[name] = { type: 'string', multiple: true };
  for (const name of spec.booleans ?? []) options[name] = { type: 'boolean' };
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { positionals, values: values as Record<string, string | boolean | string[] | undefined> };
  } catch (error) {
    throw new UsageError(usageMessage(error));
  }
}

/** node:util's messages, reworded to the point (they name the option between quotes). */
function usageMessage(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option ?? message}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return /does not take an argument/.test(message) ? `${option} takes no value` : `${option} needs a value`;
  }
  return message;
}

/** A string option's value, when given. */
export function stringOption(args: CommandArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Every value of a repeated option, in order (none when it is not given). */
export function repeatedOption(args: CommandArgs, name: string): string[] {
  const value = args.values[name];
  return Array.isArray(value) ? value : [];
}

/** A flag's value. */
export function flag(args: CommandArgs, name: string): boolean {
  return args.values[name] === true;
}

/** A whole-number option within bounds, or the default when it is not given. */
export function integerOption(
  args: CommandArgs,
  name: string,
  fallback: number,
  bounds: { min?: number; max?: number } = {},
): number {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not '${value}'`);
  const number = Number(value);
  if (bounds.min !== undefined && number < bounds.min)
    throw new UsageError(`--${name} must be at least ${bounds.min}, not ${number}`);
  if (bounds.max !== undefined && number > bounds.max)
    throw new UsageError(`--${name} must be at most ${bounds.max}, not ${number}`);
  return number;
}
