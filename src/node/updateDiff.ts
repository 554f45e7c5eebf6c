// What an update changes, file by file (docs/install.md), shared by `skillsmith update` and the
// editor's Update Added Skills: the skill's folder as it is now against the upstream version,
// actions.json and scripts first (what runs is what a reviewer reads first), as Markdown.
import * as fs from 'node:fs';
import { joinPath, toNativePath } from '../core/base/paths';
import { escapeUnsafeCharacters } from '../core/base/text';
import { lineDiff } from '../core/install/textDiff';
import { runsFirst, type UpdatePlan } from './skillInstaller';

const MAX_FILE_BYTES = 512 * 1024;

/** A file's text; undefined when there is none; `binary` when it is binary or too large to show. */
function textOf(path: string): { readonly text: string } | 'binary' | undefined {
  const native = toNativePath(path);
  if (!fs.existsSync(native)) return undefined;
  const bytes = fs.readFileSync(native);
  if (bytes.length > MAX_FILE_BYTES || bytes.includes(0)) return 'binary';
  return { text: bytes.toString('utf8') };
}

/** A fence longer than any run of backticks in the text, so that the text cannot close it. */
function fenceFor(lines: readonly string[]): string {
  const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))));
  return '`'.repeat(longest + 1);
}

/** The Markdown diff of every file the update changes, adds or removes, what runs first. */
export function updateDiffMarkdown(location: string, plan: UpdatePlan): string {
  const localDir = joinPath(location, plan.name);
  const files = runsFirst([
    ...new Set([...plan.upstream.changed, ...plan.upstream.added, ...plan.upstream.missing, ...plan.local.changed]),
  ]);
  const parts = [`### What the update changes in ${plan.name} (actions.json and scripts first)`, ''];
  if (files.length === 0) parts.push('No file changes.', '');
  for (const file of files) {
    const before = textOf(joinPath(localDir, file));
    const after = textOf(joinPath(plan.upstreamDir, file));
    const what = before === undefined ? 'new' : after === undefined ? 'removed' : 'changed';
    parts.push(`#### ${escapeUnsafeCharacters(file)} (${what})`, '');
    if (before === 'binary' || after === 'binary') {
      parts.push('Binary or larger than 512 KB: not shown.', '');
      continue;
    }
    const lines = lineDiff(before?.text ?? '', after?.text ?? '');
    if (!lines) {
      parts.push('Too long to show as a diff here; open the file after reading the review.', '');
      continue;
    }
    const fence = fenceFor(lines);
    parts.push(`${fence}diff`, ...lines.map(escapeUnsafeCharacters), fence, '');
  }
  return parts.join('\n');
}
