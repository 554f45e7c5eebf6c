// `dollar-argument` (docs/rules.md): a `$N` that loading will replace by an argument
// (docs/expansion.md) although the author meant it as written. Inside code
// (`awk '{print $1}'`, `"$1"` in a shell script) and in a dollar amount ($100, $9.99,
// $1,000) it is almost never an argument; elsewhere `$1` is the intended placeholder and is
// left alone. The body rule reads the placeholders with the expansion's own pattern and the
// code with the scanner that broken-link uses, so all three agree.
import { PLACEHOLDER } from '../base/placeholders';
import type { Problem } from '../base/types';
import type { Span } from './frontmatter';
import { bodyLines, codeSpans } from './markdownCode';
import { problem, rangeOf, replaceFix, type RuleContext } from './ruleSupport';

// A dollar amount: thousands groups ($1,000), decimals ($9.99), two or more digits ($50), a
// magnitude ($5K, $2M, $1B, $3bn) or a range ($1-3M). A lone `$1` is a placeholder.
const MAGNITUDE = String.raw`(?:[kKmMbB]|bn)(?![\p{L}\p{N}])`;
const AMOUNT = new RegExp(
  String.raw`^\$(\d+)((?:,\d{3})+(?!\d))?(\.\d+)?(${MAGNITUDE})?(-\d+(?:(?:,\d{3})+(?!\d))?(?:\.\d+)?(?:${MAGNITUDE})?)?`,
  'u',
);

/** The length of the dollar amount at the start of `text`, or undefined when there is none. */
export function dollarAmountLength(text: string): number | undefined {
  const match = AMOUNT.exec(text);
  if (!match) return undefined;
  const [whole, digits, thousands, decimals, magnitude, range] = match;
  const isAmount = digits.length >= 2 || [thousands, decimals, magnitude, range].some((part) => part !== undefined);
  return isAmount ? whole.length : undefined;
}

/** `dollar-argument`: each `$N` in code, and each dollar amount, that loading would replace. */
export function ruleDollarArguments({ file }: RuleContext): Problem[] {
  if (file.split.kind !== 'closed') return [];
  const bodyStart = file.split.bodyStart;
  if (file.text.indexOf('$', bodyStart) < 0) return [];
  const problems: Problem[] = [];
  for (const line of bodyLines(file.text, file.lines, bodyStart)) {
    if (line.kind === 'fence') continue;
    const text = file.text.slice(line.start, line.end);
    if (!text.includes('$')) continue;
    const spans = line.kind === 'code' ? [] : codeSpans(text);
    let span = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      if (match[2] === undefined) continue; // an escape, $ARGUMENTS or ${SKILL_DIR}: meant as written
      const at = match.index;
      while (span < spans.length && spans[span].end <= at) span++;
      const inCode = line.kind === 'code' || (span < spans.length && spans[span].start < at);
      const amount = dollarAmountLength(text.slice(at, at + 40));
      if (!inCode && amount === undefined) continue;
      const start = line.start + at;
      problems.push(
        dollarProblem(
          file,
          { start, end: start + (amount ?? match[0].length) },
          match[0],
          inCode && amount === undefined,
        ),
      );
    }
  }
  return problems;
}

function dollarProblem(file: RuleContext['file'], span: Span, placeholder: string, inCode: boolean): Problem {
  const written = file.text.slice(span.start, span.end);
  const argument = `the ${ordinal(Number(placeholder.slice(1)) + 1)} argument`;
  const what = inCode
    ? `'${written}' in code is replaced by ${argument} when the skill is loaded (by nothing when there is none).`
    : `'${written}' reads as an amount, but its '${placeholder}' is replaced by ${argument} when the skill is loaded (by nothing when there is none).`;
  const message = `${what} Write '\\${written}' to keep it as written.`;
  const fix = replaceFix(
    file,
    `Escape the dollar sign: \\${written}`,
    { start: span.start, end: span.start + 1 },
    '\\$',
    true,
  );
  return problem('dollar-argument', 'info', message, rangeOf(file, span), [fix]);
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st, ... */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
