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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The first check (cold), and the worst, over every pattern, input and check, of the median of
 * `runs` timings (a median, so that a garbage collection that falls into one timing is not
 * taken for the check).
 */
export function measureSchemaChecks(runs: number): { worstMs: number; worstPattern: string; coldMs: number } {
  const fields = ['a', 'b', 'c'];
  const size = Math.floor((MAX_ACTION_INPUT_BYTES - 1024) / fields.length);
  const long = 'a'.repeat(size - 1) + '!';
  const spaced = 'a '.repeat(size / 2 - 1) + '!';
  // The first check of the process: re2js loads and nothing is compiled yet (what the editor
  // pays the first time a schema's pattern is checked).
  let start = performance.now();
  checkInput({ type: 'object', properties: { a: { type: 'string', pattern: PATTERNS[0] } } }, { a: long });
  const coldMs = performance.now() - start;
  let worstMs = 0;
  let worstPattern = '';
  for (const pattern of PATTERNS) {
    const schema = {
      type: 'object',
      properties: Object.fromEntries(fields.map((f) => [f, { type: 'string', pattern }])),
    };
    for (const text of [long, spaced, 'a'.repeat(40) + '!']) {
      // Each check is one hold of the thread: a run's preparation, or lint checking a default.
      for (const check of [
        () => checkInput(schema, Object.fromEntries(fields.map((f) => [f, text]))),
        () => checkValue({ type: 'string', pattern }, text),
      ]) {
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          start = performance.now();
          check();
          times.push(performance.now() - start);
        }
        const ms = median(times);
        if (ms > worstMs) [worstMs, worstPattern] = [ms, pattern];
      }
    }
  }
  return { worstMs, worstPattern, coldMs };
}
