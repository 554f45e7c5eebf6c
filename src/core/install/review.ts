// The review shown before anything is added (docs/install.md): every skill a source holds,
// its lint and security findings (the complete lint, scripts included), its actions and the
// programs they run, the agents that would load it from the chosen location, and whether its
// name is already taken there. Nothing is written; the caller decides what to add.
import type { FileSystem } from '../base/fileSystem';
import { basenamePath, dirnamePath, joinPath } from '../base/paths';
import type { Problem } from '../base/types';
import { discoverSkillFiles } from '../catalog/discovery';
import type { SkillLocation } from '../catalog/locations';
import { recordFromAnalysis } from '../catalog/skillRecord';
import { readActionsFile } from '../actions/declaration';
import { DEFAULT_CONTEXT_TOKENS, DEFAULT_HOSTS, type HostId } from '../hosts/profiles';
import { hostVerdicts } from '../hosts/verdicts';
import { SECURITY_SEVERITY } from '../lint/securityRules';
import { validateSkillFile } from '../lint/validateFile';
import { listSkillFolder } from './skillFolder';

/** The security rules' codes, to tell their findings from the format rules'. */
const SECURITY_CODES = new Set<string>([
  ...Object.keys(SECURITY_SEVERITY),
  'unreferenced-file',
  'nested-reference',
  'unmentioned-binary',
]);

export interface ReviewedSkill {
  /** The folder's name: the name it gets in the location. */
  readonly name: string;
  readonly description: string | undefined;
  /** The skill's folder in the source, relative to its root (`.` for the root itself). */
  readonly path: string;
  readonly dir: string;
  readonly errors: readonly Problem[];
  /** Security findings, on SKILL.md and in its scripts (with the file, relative to the skill). */
  readonly security: readonly (Problem & { readonly file: string })[];
  readonly warnings: number;
  readonly actions: readonly { readonly name: string; readonly run: readonly string[] }[];
  /** Per agent: does it load the skill from the target location. */
  readonly hosts: readonly { readonly host: HostId; readonly loads: boolean }[];
  readonly files: number;
  /** Why it cannot be added as it is (a name taken, symbolic links, too large). */
  readonly blocked?: string;
}

export interface ReviewOptions {
  /** Where the skills would go. */
  readonly location: string;
  /** The project folder of that location (for the agents' verdicts). */
  readonly projectRoot: string;
  readonly countTokens?: (text: string, limit: number) => number;
}

function relativeTo(root: string, dir: string): string {
  if (dir === root) return '.';
  return dir.startsWith(`${root}/`) ? dir.slice(root.length + 1) : dir;
}

/** Reviews every skill under `root` (a clone or a local folder). */
export async function reviewSource(fs: FileSystem, root: string, options: ReviewOptions): Promise<ReviewedSkill[]> {
  // The source's root may itself be a skill (a repository of one); discovery looks below it.
  const own =
    (await fs.stat(joinPath(root, 'SKILL.md')))?.kind === 'file' ? [{ filePath: joinPath(root, 'SKILL.md') }] : [];
  const found =
    own.length > 0 ? own : await discoverSkillFiles(fs, root, { includeResourceFolders: true, maxDepth: 6 });
  const location: SkillLocation = {
    path: options.location,
    label: basenamePath(options.location),
    scope: 'workspace',
    rank: 0,
    root: options.projectRoot,
  };
  const reviewed: ReviewedSkill[] = [];
  for (const { filePath } of found.sort((a, b) => (a.filePath < b.filePath ? -1 : 1))) {
    const dir = dirnamePath(filePath);
    const lint = await validateSkillFile(fs, filePath, options.countTokens ? { countTokens: options.countTokens } : {});
    // A skill at the source's root (a clone in a temporary folder) is named by its own `name`.
    const declared = lint.analysis.name?.trim();
    const name =
      dir === root && declared && /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(declared) ? declared : basenamePath(dir);
    const security = [
      ...lint.problems.filter((p) => SECURITY_CODES.has(p.code)).map((p) => ({ ...p, file: basenamePath(filePath) })),
      ...lint.bundled.flatMap((b) => b.problems.map((p) => ({ ...p, file: relativeTo(dir, b.filePath) }))),
    ];
    const actionsFile = await readActionsFile(fs, dir);
    const actions = actionsFile?.ok ? actionsFile.actions.map((a) => ({ name: a.name, run: a.run })) : [];
    const target = joinPath(options.location, name, basenamePath(filePath));
    const record = recordFromAnalysis(target, location, lint.analysis, { problems: lint.problems });
    const context = { projectRoots: [options.projectRoot], home: undefined, contextTokens: DEFAULT_CONTEXT_TOKENS };
    const hosts = DEFAULT_HOSTS.map((host) => ({
      host,
      loads: hostVerdicts(host, [record], context).get(record)?.loads ?? false,
    }));
    const listing = await listSkillFolder(fs, dir);
    const taken = await fs.stat(joinPath(options.location, name));
    const blocked = taken
      ? `a skill folder named '${name}' is already in ${options.location}`
      : listing.links.length > 0
        ? `it holds symbolic links (${listing.links.slice(0, 3).join(', ')}), which are never copied`
        : listing.tooLarge
          ? `it holds ${listing.tooLarge}`
          : undefined;
    reviewed.push({
      name,
      description: lint.analysis.description,
      path: relativeTo(root, dir),
      dir,
      errors: lint.problems.filter((p) => p.severity === 'error'),
      security,
      warnings: lint.problems.filter((p) => p.severity === 'warning').length,
      actions,
      hosts,
      files: listing.files.length,
      ...(blocked ? { blocked } : {}),
    });
  }
  return reviewed;
}

/** The review as Markdown (the CLI prints it; the editor shows it before the choice). */
export function reviewMarkdown(source: string, commit: string | null, skills: readonly ReviewedSkill[]): string {
  const lines = [`# Skills in ${source}`, '', commit ? `Commit \`${commit}\`.` : 'A local folder (no commit).', ''];
  if (skills.length === 0) lines.push('No skill found: no folder with a SKILL.md.');
  for (const skill of skills) {
    lines.push(`## ${skill.name}${skill.blocked ? ' (cannot be added)' : ''}`, '');
    if (skill.description) lines.push(skill.description.replace(/\s+/g, ' ').trim(), '');
    lines.push(`- From \`${skill.path}\`, ${skill.files} file${skill.files === 1 ? '' : 's'}.`);
    if (skill.blocked) lines.push(`- **Cannot be added:** ${skill.blocked}.`);
    lines.push(
      `- Lint: ${skill.errors.length} error${skill.errors.length === 1 ? '' : 's'}${skill.errors.length > 0 ? ` (${skill.errors.map((e) => e.code).join(', ')}: no agent is offered it until they are fixed)` : ''}, ${skill.warnings} warning${skill.warnings === 1 ? '' : 's'}.`,
    );
    if (skill.security.length === 0) lines.push('- Security: nothing found.');
    else {
      lines.push(`- **Security: ${skill.security.length} finding${skill.security.length === 1 ? '' : 's'}**`);
      for (const finding of skill.security.slice(0, 20))
        lines.push(
          `  - \`${finding.code}\` (${finding.severity}) ${finding.file}:${finding.range.start.line + 1}: ${finding.message.split('\n')[0]}`,
        );
    }
    if (skill.actions.length === 0) lines.push('- Actions: none.');
    else for (const action of skill.actions) lines.push(`- Action \`${action.name}\` runs \`${action.run.join(' ')}\``);
    lines.push(
      `- Agents that load it: ${
        skill.hosts
          .filter((h) => h.loads)
          .map((h) => h.host)
          .join(', ') || 'none'
      }${
        skill.hosts.some((h) => !h.loads)
          ? `; not: ${skill.hosts
              .filter((h) => !h.loads)
              .map((h) => h.host)
              .join(', ')}`
          : ''
      }.`,
    );
    lines.push('');
  }
  return lines.join('\n');
}
