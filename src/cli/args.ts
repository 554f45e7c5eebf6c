// Command-line parsing for `skillsmith`: positionals and the few flags each command takes.

export class UsageError extends Error {}

export interface ParsedArgs {
  readonly positionals: string[];
  readonly flags: Map<string, string | true>;
}

/** Splits argv into positionals and `--flag` / `--flag value` / `--flag=value`; `--` ends flags. */
export function parseArgs(argv: readonly string[], valueFlags: readonly string[], booleanFlags: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (booleanFlags.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else if (valueFlags.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positionals, flags };
}

/** A whole number flag, or the default. */
export function integerFlag(args: ParsedArgs, name: string, fallback: number): number {
  const value = args.flags.get(name);
  if (value === undefined) return fallback;
  if (value === true || !/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not '${value}'`);
  return Number(value);
}
