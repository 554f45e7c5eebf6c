// `schema_check_worst_ms` (docs/actions.md, "Patterns"): the longest that checking an input
// against a workspace's schema holds the thread, on the inputs that make a backtracking engine
// take minutes: the issue's `^(a+)+$` and `^(\w+\s?)*$`, `^(a|a)*$`, and an ordinary pattern,
// each on three fields that fill the input cap (more text than one check matches, in all),
// and a lint of a default against each. The target is the 50 ms that no schema from a
// workspace may hold the extension host for.
import { checkInput, checkValue } from '../src/core/actions/inputContract';
import { MAX_ACTION_INPUT_BYTES } from '../src/core/base/limits';

/** The budget of one check on the extension host's thread. */
export const SCHEMA_CHECK_BUDGET_MS = 50;

const PATTERNS = ['^(a+)+$', '^(\\w+\\s?)*$', '^(a|a)*$', '^[a-z0-9]+(?:-[a-z0-9]+)*$'];

/** The worst of `runs` timings of each check, in milliseconds. */
export function measureSchemaChecks(runs: number): { worstMs: number; worstPattern: string } {
  const fields = ['a', 'b', 'c'];
  const size = Math.floor((MAX_ACTION_INPUT_BYTES - 1024) / fields.length);
  const long = 'a'.repeat(size - 1) + '!';
  const spaced = 'a '.repeat(size / 2 - 1) + '!';
  let worstMs = 0;
  let worstPattern = '';
  for (const pattern of PATTERNS) {
    const schema = { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, { type: 'string', pattern }])) };
    for (let i = 0; i < runs; i++) {
      for (const text of [long, spaced, 'a'.repeat(40) + '!']) {
        const start = performance.now();
        checkInput(schema, Object.fromEntries(fields.map((f) => [f, text])));
        checkValue({ type: 'string', pattern }, text); // as lint checks a default
        const ms = performance.now() - start;
        if (ms > worstMs) [worstMs, worstPattern] = [ms, pattern];
      }
    }
  }
  return { worstMs, worstPattern };
}
