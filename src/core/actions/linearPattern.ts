// Schema `pattern`s come from a workspace, and JavaScript's own RegExp backtracks: `^(a+)+$`
// against 30 `a`s and a `!` holds the thread for minutes, and the extension host's thread is
// every extension's. So no pattern from a schema is ever matched by V8's engine. Each one is
// matched by RE2 (the `re2js` port), whose automaton runs in time linear in the input for
// every pattern, with no heuristic that a new pattern could slip past (docs/actions.md,
// "Patterns"). RE2 has no lookaround and no backreference: a pattern that needs one is refused
// with a clear error instead of being matched. Patterns are capped in length, and so is the
// text that one validation matches against them, in all.
//
// The JSON Schema library builds its matchers with `new RegExp(pattern, 'u')` and offers no
// option to pass another engine, so `withLinearPatterns` hands it, for the length of one
// synchronous validation, a `RegExp` whose `test` runs RE2 (and restores the real one after).
import type { RE2JS as RE2JSType } from 're2js';
import { MAX_PATTERN_CHECKED_CHARS, MAX_SCHEMA_PATTERN_CHARS } from '../base/limits';

/**
 * re2js, required on the first pattern: its tables cost every CLI command about 30 ms at load,
 * and most commands match no pattern at all.
 */
function re2(): typeof RE2JSType {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load on first use; esbuild bundles it
  return (require('re2js') as { RE2JS: typeof RE2JSType }).RE2JS;
}

const NativeRegExp = RegExp;

/** What `\s` matches in JavaScript (RE2's `\s` is ASCII only). */
const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** What `.` matches in JavaScript without the `s` flag (RE2's `.` excludes only `\n`). */
const JS_DOT = '[^\\n\\r\\u2028\\u2029]';

export type LinearPattern =
  { readonly ok: true; test(text: string): boolean } | { readonly ok: false; readonly message: string };

/**
 * The JavaScript pattern rewritten where RE2 reads the same syntax differently: `.` and `\s`
 * (outside and inside classes), `\S` (outside classes), and the empty classes `[]` and `[^]`
 * get JavaScript's sets. Everything else is read alike, or translated by re2js's own
 * translateRegExp. A lookaround or a backreference, which RE2 cannot match, is named instead.
 */
function withJavaScriptSets(source: string): { readonly translated: string } | { readonly unsupported: string } {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\' && i + 1 < source.length) {
      const next = source[i + 1];
      i++;
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) return { unsupported: 'it uses a backreference' };
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_SPACE}]`;
      else out += c + next;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '(' && /^\(\?<?[=!]/.test(source.slice(i, i + 4))) {
      return { unsupported: 'it uses a lookahead or lookbehind' };
    } else if (c === '[') {
      inClass = true;
      // JavaScript's `[]` matches nothing and `[^]` anything; RE2 reads a `]` there as a literal.
      if (source[i + 1] === ']' || (source[i + 1] === '^' && source[i + 2] === ']')) {
        const negated = source[i + 1] === '^';
        out += negated ? '[\\x{0}-\\x{10FFFF}]' : '[^\\x{0}-\\x{10FFFF}]';
        i += negated ? 2 : 1;
        inClass = false;
        continue;
      }
    } else if (c === '.') {
      out += JS_DOT;
      continue;
    }
    out += c;
  }
  return { translated: out };
}

/** Compiles a schema pattern for linear-time matching, or says why it cannot be. */
export function compileLinearPattern(source: string): LinearPattern {
  if (typeof source !== 'string') return { ok: false, message: 'a pattern must be a string' };
  if (source.length > MAX_SCHEMA_PATTERN_CHARS)
    return {
      ok: false,
      message: `the pattern has ${source.length} characters; at most ${MAX_SCHEMA_PATTERN_CHARS} are matched`,
    };
  try {
    new NativeRegExp(source, 'u'); // Syntax as JSON Schema defines it; compiling does not backtrack.
  } catch (error) {
    return {
      ok: false,
      message: `not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const refused = (why: string): LinearPattern => ({
    ok: false,
    message: `the pattern cannot be matched in linear time: ${why}, which Skillsmith does not evaluate`,
  });
  const rewritten = withJavaScriptSets(source);
  if ('unsupported' in rewritten) return refused(rewritten.unsupported);
  try {
    const RE2JS = re2();
    const compiled = RE2JS.compile(RE2JS.translateRegExp(rewritten.translated));
    return { ok: true, test: (text) => compiled.test(text) };
  } catch (error) {
    return refused(`RE2 cannot read it (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Thrown when one validation would match more text against patterns than it may. */
export class PatternBudgetExceeded extends Error {
  constructor() {
    super(
      `the input has more text to check against the schema's patterns than is checked (at most ${MAX_PATTERN_CHECKED_CHARS} characters in all)`,
    );
  }
}

/**
 * Runs `validate` (synchronous) with a `RegExp` whose matchers are linear-time: construction
 * checks the syntax as V8 does (so a `format: regex` check is unchanged), and `test` runs RE2,
 * throwing when the pattern cannot be matched that way, or when the call has matched its
 * budget of text (PatternBudgetExceeded). Compiled patterns are kept for the call.
 */
export function withLinearPatterns<T>(validate: () => T): T {
  const compiled = new Map<string, LinearPattern>();
  let budget = MAX_PATTERN_CHECKED_CHARS;
  const compile = (source: string) => {
    let pattern = compiled.get(source);
    if (!pattern) compiled.set(source, (pattern = compileLinearPattern(source)));
    return pattern;
  };
  function LinearRegExp(this: { test(text: string): boolean }, source: unknown, flags?: string) {
    const text = String(source);
    new NativeRegExp(text, flags);
    this.test = (input: string) => {
      const pattern = compile(text);
      if (!pattern.ok)
        throw new Error(`The schema's pattern ${JSON.stringify(text.slice(0, 80))} is refused: ${pattern.message}.`);
      const subject = String(input);
      budget -= subject.length;
      if (budget < 0) throw new PatternBudgetExceeded();
      return pattern.test(subject);
    };
  }
  const saved = globalThis.RegExp;
  globalThis.RegExp = LinearRegExp as unknown as RegExpConstructor;
  try {
    return validate();
  } finally {
    globalThis.RegExp = saved;
  }
}
