// The files an action's `run` names, read in full by the review before anything is added
// (docs/install.md). The bundled-file lint (review/bundledFiles.ts) reads what a folder bundles
// within the editor's budget: scripts by their extension, up to 400 files and 512 KB each, no
// dot-files or `venv/`. What an action runs is what matters most, so here every file its argv
// names is read whole, whatever its name or folder; one that cannot be (too large, binary, a
// link, a folder) is listed as not fully reviewed, and that needs the second confirmation.
import type { FileSystem } from '../base/fileSystem';
import { MAX_REVIEWED_RUN_FILE_BYTES } from '../base/limits';
import { joinPath } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import type { Problem } from '../base/types';
import { placeOf } from '../actions/runPath';
import { checkRelativePath } from '../loading/skillFolder';
import { scriptProblems } from '../review';

/** A file the review could not read whole, and why. */
export interface NotReviewed {
  readonly file: string;
  readonly why: string;
}

export interface ActionFilesReview {
  readonly findings: readonly (Problem & { readonly file: string })[];
  readonly notReviewed: readonly NotReviewed[];
}

/** Reads every file inside `dir` that an action's argv names, and lints it as a script. */
export async function reviewActionFiles(
  fs: FileSystem,
  dir: string,
  actions: readonly { readonly run: readonly string[] }[],
): Promise<ActionFilesReview> {
  const seen = new Set<string>();
  const findings: (Problem & { readonly file: string })[] = [];
  const notReviewed: NotReviewed[] = [];
  for (const item of actions.flatMap((a) => a.run)) {
    const place = placeOf(item);
    if (place === undefined || place === '.' || place === './') continue;
    const checked = checkRelativePath(place);
    // A place outside the folder is refused when the action runs (actions/runPath.ts).
    if (!checked.ok) continue;
    const file = checked.relative;
    if (seen.has(file)) continue;
    seen.add(file);
    const stat = await fs.stat(joinPath(dir, file));
    if (!stat) continue; // a word such as `install`, not a file of the skill
    if (stat.isSymlink) notReviewed.push({ file, why: 'a symbolic link, never copied' });
    else if (stat.kind !== 'file') notReviewed.push({ file, why: 'a folder, whose program the review cannot tell' });
    else if (stat.size > MAX_REVIEWED_RUN_FILE_BYTES)
      notReviewed.push({ file, why: `larger than ${MAX_REVIEWED_RUN_FILE_BYTES / 1024 / 1024} MB` });
    else {
      const bytes = await fs.readFile(joinPath(dir, file));
      if (bytes.includes(0)) notReviewed.push({ file, why: 'a binary program, which cannot be read' });
      else for (const problem of scriptProblems(decodeUtf8(bytes))) findings.push({ ...problem, file });
    }
  }
  return { findings, notReviewed };
}
