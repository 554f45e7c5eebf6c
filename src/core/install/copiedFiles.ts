// Every file an add or an update copies, read by the review (docs/install.md). The bundled-file
// lint (review/bundledFiles.ts) reads a folder within the editor's budget: scripts and Markdown by
// their extension, no dot-files, no `venv/`, up to 400 files. A SKILL.md can still tell the model
// to run any file it ships (`sh .hidden/setup`, `bash venv/go.sh`, `sh assets/data.txt`), so here
// each copied text file the lint did not read is read whole and linted as a script (Markdown as
// Markdown). Binary data (an image, a font) is listed as not read; a binary program, or a text too
// large to read, is not fully reviewed, which needs the second confirmation.
import type { FileSystem } from '../base/fileSystem';
import { MAX_REVIEWED_RUN_FILE_BYTES } from '../base/limits';
import { joinPath } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import type { Problem } from '../base/types';
import { BINARY_EXTENSION, markdownProblems, scriptProblems } from '../review';
import type { NotReviewed } from './actionFiles';

/** An executable by its first bytes: ELF, Mach-O (thin or fat) or a Windows program. */
function isExecutable(bytes: Uint8Array): boolean {
  const head = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join('');
  return (
    head === '7f454c46' ||
    ['feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe'].includes(head) ||
    head.startsWith('4d5a')
  );
}

export interface CopiedFilesReview {
  readonly findings: readonly (Problem & { readonly file: string })[];
  readonly notReviewed: readonly NotReviewed[];
  /** Binary data the review does not read (relative paths). */
  readonly data: readonly string[];
}

/** Reads each of `files` (relative to `dir`) but those in `read`, and lints it. */
export async function reviewCopiedFiles(
  fs: FileSystem,
  dir: string,
  files: readonly string[],
  read: ReadonlySet<string>,
): Promise<CopiedFilesReview> {
  const findings: (Problem & { readonly file: string })[] = [];
  const notReviewed: NotReviewed[] = [];
  const data: string[] = [];
  for (const file of files) {
    if (read.has(file)) continue;
    const stat = await fs.stat(joinPath(dir, file));
    if (!stat || stat.kind !== 'file') continue;
    if (stat.size > MAX_REVIEWED_RUN_FILE_BYTES) {
      notReviewed.push({ file, why: `larger than ${MAX_REVIEWED_RUN_FILE_BYTES / 1024 / 1024} MB` });
      continue;
    }
    const bytes = await fs.readFile(joinPath(dir, file));
    if (BINARY_EXTENSION.test(file) || isExecutable(bytes))
      notReviewed.push({ file, why: 'a binary program, which cannot be read' });
    else if (bytes.includes(0)) data.push(file);
    else {
      const text = decodeUtf8(bytes);
      const problems = /\.md$/i.test(file) ? markdownProblems(text) : scriptProblems(text);
      for (const problem of problems) findings.push({ ...problem, file });
    }
  }
  return { findings, notReviewed, data };
}
