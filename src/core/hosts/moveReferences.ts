// The links that a move of a skill's folder would break, and their new text (docs/hosts.md, "In
// the editor": the Move quick fix). Two kinds: a file elsewhere that links into the folder (a
// README's `skills/review/SKILL.md`), and a file inside the folder that links out of it (the
// skill's `../shared/style.md`, which means another place once the folder is deeper or
// shallower). Links inside the folder to the folder move with it and are left alone.
import { dirnamePath, isInside, joinPath, relativePath, resolvePath, samePath } from '../base/paths';
import { LineMap } from '../base/textPositions';
import type { TextEdit } from '../base/types';
import { splitFrontmatter, stripBom } from '../lint/frontmatter';
import { findLinkCandidatesInBody } from '../lint/links';

/** A folder moved from one path to another. */
export interface FolderMove {
  readonly from: string;
  readonly to: string;
}

/** Where `path` (a file or folder at its old place) is after the move. */
function movedPath(path: string, move: FolderMove): string {
  if (!isInside(path, move.from)) return path;
  const below = relativePath(move.from, path);
  return below ? joinPath(move.to, below) : move.to;
}

/**
 * The edits that keep the relative links of one markdown file (`filePath`, its path before the
 * move; `text`, its text) pointing at the same files after `move`. Only markdown links and
 * reference definitions are rewritten, outside fenced code; what follows a path (`#anchor`,
 * `?query`) is kept. Empty when nothing would break.
 */
export function linkEditsForMove(text: string, filePath: string, move: FolderMove): TextEdit[] {
  const bomless = stripBom(text);
  // A BOM is not part of the positions an editor reports.
  const lines = new LineMap(bomless.text);
  const split = splitFrontmatter(bomless.text, lines);
  const bodyStart = split.kind === 'closed' ? split.bodyStart : 0;
  const oldDir = dirnamePath(filePath);
  const newDir = movedPath(oldDir, move);
  const edits: TextEdit[] = [];
  for (const candidate of findLinkCandidatesInBody(bomless.text, lines, bodyStart)) {
    if (candidate.kind !== 'link') continue;
    const raw = bomless.text.slice(lines.offsetAt(candidate.range.start), lines.offsetAt(candidate.range.end));
    const cut = raw.search(/[#?]/);
    const rawPath = cut < 0 ? raw : raw.slice(0, cut);
    const suffix = cut < 0 ? '' : raw.slice(cut);
    const target = resolvePath(oldDir, candidate.target);
    const newTarget = movedPath(target, move);
    // Unchanged when both ends move together, or neither does.
    if (samePath(newDir, oldDir) && samePath(newTarget, target)) continue;
    const relative = relativePath(newDir, newTarget);
    if (relative === undefined) continue;
    const oldRelative = relativePath(oldDir, target);
    if (oldRelative === relative) continue;
    // Keep the link's own style: `./` when it had one, spaces encoded when it encoded them.
    let written = relative === '' ? '.' : relative;
    if (rawPath.startsWith('./') && !written.startsWith('../')) written = `./${written}`;
    if (rawPath.includes('%20') || written.includes(' ')) written = written.replace(/ /g, '%20');
    edits.push({ range: candidate.range, newText: `${written}${suffix}` });
  }
  return edits;
}
