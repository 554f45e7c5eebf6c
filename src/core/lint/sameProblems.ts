// Whether a lint found what the last one found: the listeners of the published problems (the
// Skills view's icons and counts, the status bar) redraw only when it did not.
import type { Problem, Range } from '../base/types';

const sameRange = (a: Range, b: Range) =>
  a.start.line === b.start.line &&
  a.start.character === b.start.character &&
  a.end.line === b.end.line &&
  a.end.character === b.end.character;

/** The same problems in the same order: code, severity, message and range (fixes follow from them). */
export function sameProblems(before: readonly Problem[], now: readonly Problem[]): boolean {
  return (
    before.length === now.length &&
    before.every(
      (a, n) =>
        a.code === now[n].code &&
        a.severity === now[n].severity &&
        a.message === now[n].message &&
        sameRange(a.range, now[n].range),
    )
  );
}
