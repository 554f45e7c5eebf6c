// What the PATHs of `skillsmith validate` stand for (docs/cli.md): a SKILL.md, a skill folder, or a
// folder to discover skills in; each skill once, under its real path, and the mirrors met on the
// way. Apart from the run (validateRun.ts), so that a warm run finds its skills without the lint.
import type { FileSystem } from '../core/base/fileSystem';
import { MAX_VALIDATE_SEARCH_DEPTH } from '../core/base/limits';
import { dirnamePath, joinPath, pathKey, relativePath, resolvePath, toNativePath } from '../core/base/paths';
import { discoverSkillFiles, skillFileIn } from '../core/catalog/discovery';
import { resolveLocations, type SkillLocation } from '../core/catalog/locations';
import type { ValidateTarget } from '../core/validate/validateFiles';
import type { FileReport } from '../core/validate/validateReports';
import { UsageError } from './args';

function locationFor(folder: string, label: string, rank: number): SkillLocation {
  return { path: folder, label, scope: 'workspace', rank, root: folder };
}

/** What one PATH argument stands for: a SKILL.md, a skill folder, or a folder to discover in. */
async function targetsOf(fs: FileSystem, cwd: string, input: string): Promise<ValidateTarget[] | 'none'> {
  const absolute = resolvePath(cwd, input);
  const stat = await fs.stat(absolute).catch(() => undefined);
  if (!stat) throw new UsageError(`cannot read '${input}': no such file or folder`);
  if (stat.kind === 'file') {
    return [{ filePath: absolute, location: locationFor(dirnamePath(dirnamePath(absolute)), '.', 0) }];
  }
  if (stat.kind !== 'directory') throw new UsageError(`cannot read '${input}': not a file or folder`);
  const entries = await fs.readDirectory(absolute).catch((error) => {
    throw new UsageError(`cannot read '${input}': ${error instanceof Error ? error.message : String(error)}`);
  });
  const own = skillFileIn(entries);
  if (own) return [{ filePath: joinPath(absolute, own.name), location: locationFor(dirnamePath(absolute), '.', 0) }];

  const targets: ValidateTarget[] = [];
  const seen = new Set<string>();
  for (const location of resolveLocations({ workspaceFolders: [absolute], includeUser: false })) {
    for (const found of await discoverSkillFiles(fs, location.path)) {
      if (!seen.has(pathKey(found.filePath))) targets.push({ filePath: found.filePath, location });
      seen.add(pathKey(found.filePath));
    }
  }
  if (targets.length > 0) return targets;
  const anywhere = locationFor(absolute, '.', 0);
  // Deeper than a location is searched, by the catalog's rule all the same (no resource folders).
  const found = await discoverSkillFiles(fs, absolute, { maxDepth: MAX_VALIDATE_SEARCH_DEPTH });
  return found.length > 0 ? found.map((f) => ({ filePath: f.filePath, location: anywhere })) : 'none';
}

function noSkillFileReport(folder: string): FileReport {
  return {
    path: folder,
    name: null,
    description: null,
    problems: [
      {
        code: 'no-skill-file',
        severity: 'error',
        message: `No SKILL.md in ${toNativePath(folder)} or below it. A skill is a folder holding a SKILL.md; create one with "Skills: New Skill…" or point at the right folder.`,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      },
    ],
  };
}

export interface FoundSkills {
  /** A report for each PATH that holds no skill. */
  readonly reports: FileReport[];
  readonly targets: ValidateTarget[];
  readonly mirrors: { path: string; realPath: string }[];
}

/** What the PATHs hold: the skills to validate, each once under its real path, and the mirrors met. */
export async function findSkills(fs: FileSystem, cwd: string, inputs: readonly string[]): Promise<FoundSkills> {
  const reports: FileReport[] = [];
  const mirrors: { path: string; realPath: string }[] = [];
  const targets: ValidateTarget[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const found = await targetsOf(fs, cwd, input);
    if (found === 'none') {
      reports.push(noSkillFileReport(resolvePath(cwd, input)));
      continue;
    }
    // The PATH's own real path: a workspace that lies under a symbolic link is no mirror.
    const base = resolvePath(cwd, input);
    const baseDir = (await fs.stat(base).catch(() => undefined))?.kind === 'file' ? dirnamePath(base) : base;
    const baseReal = await fs.realPath(baseDir).catch(() => baseDir);
    /** A real path below the PATH, shown under the PATH as given. */
    const shown = (real: string) => {
      const inside = relativePath(baseReal, real);
      return inside === undefined || inside.startsWith('..')
        ? real
        : inside === ''
          ? baseDir
          : joinPath(baseDir, inside);
    };
    for (const target of found) {
      // A mirror (a location or a skill folder that is a symbolic link to another) is read,
      // scanned and reported once, under the real path; the output says the mirror exists.
      const real = shown(await fs.realPath(target.filePath).catch(() => target.filePath));
      if (real !== target.filePath) {
        const location = shown(await fs.realPath(target.location.path).catch(() => target.location.path));
        const link =
          location !== target.location.path
            ? { path: target.location.path, realPath: location }
            : { path: dirnamePath(target.filePath), realPath: dirnamePath(real) };
        if (!mirrors.some((m) => m.path === link.path)) mirrors.push(link);
      }
      if (seen.has(pathKey(real))) continue;
      seen.add(pathKey(real));
      targets.push({ ...target, filePath: real });
    }
  }
  return { reports, targets, mirrors };
}
