// A line diff for the review of an update (docs/install.md): what each changed file becomes,
// as unified-diff hunks with two lines of context. Longest common subsequence over lines; a file
// too long for that (the product of the line counts past a bound) is summarized instead.
const CONTEXT = 2;
const MAX_CELLS = 4_000_000;

/** `-`/`+`/` ` lines of the hunks that turn `before` into `after`; undefined when too large to compute. */
export function lineDiff(before: string, after: string): string[] | undefined {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  if (a.length * b.length > MAX_CELLS) return undefined;
  // lengths[i][j]: the LCS length of a[i..] and b[j..].
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
  const ops: { kind: ' ' | '-' | '+'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: ' ', text: a[i++] });
      j++;
    } else if (i < a.length && (j === b.length || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]))
      ops.push({ kind: '-', text: a[i++] }); // what goes, before what comes, as diff shows it
    else ops.push({ kind: '+', text: b[j++] });
  }
  // Keep the changes and CONTEXT lines around each; `…` where lines are left out.
  const keep = ops.map((_, index) =>
    ops.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some((o) => o.kind !== ' '),
  );
  const lines: string[] = [];
  for (let k = 0; k < ops.length; k++) {
    if (keep[k]) lines.push(`${ops[k].kind}${ops[k].text}`);
    else if (k > 0 && keep[k - 1]) lines.push(' …');
  }
  return lines;
}
