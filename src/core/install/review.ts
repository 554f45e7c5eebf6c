// The review shown before anything is added (docs/install.md): every skill a source holds,
// its lint and security findings (the complete lint, scripts included), its actions and the
// programs they run, the agents that would load it from the chosen location, and whether its
// name is already taken there. Nothing is written; the caller decides what to add.
import type { FileSystem } from '../base/fileSystem';
import { basenamePath, dirnamePath, joinPath } from '../base/paths';
import { escapeUnsafeCharacters } from '../base/text';
import type { Problem } from '../base/types';
import { discoverSkillFiles } from '../catalog/discovery';
import type { SkillLocation } from '../catalog/locations';
import { recordFromAnalysis } from '../catalog/skillRecord';
import { readActionsFile } from '../actions/declaration';
import { DEFAULT_HOSTS, type HostId } from '../hosts/profiles';
import { hostNameList } from '../hosts/hostNames';
import { hostVerdicts } from '../hosts/verdicts';
import { isQualityCode, isSecurityCode } from '../review';
import { validateSkillFile } from '../lint/validateFile';
import { reviewActionFiles, type NotReviewed } from './actionFiles';
import { reviewCopiedFiles } from './copiedFiles';
import { listSkillFolder } from '../base/skillFolderListing';
import { wayFromRootProblem } from './skillFolder';

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
  /** Quality findings (unreferenced or nested files, a long body): shown apart, never a security matter. */
  readonly quality: readonly (Problem & { readonly file: string })[];
  readonly warnings: number;
  readonly actions: readonly { readonly name: string; readonly run: readonly string[] }[];
  /** Files the review could not read whole (an action's, or any copied): never "nothing found" then. */
  readonly notReviewed: readonly NotReviewed[];
  /** Binary data copied that the review does not read (relative paths): said, not asked about. */
  readonly unreadData: readonly string[];
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
  /** The skill an update replaces: its name being taken in the location does not block it. */
  readonly replacing?: string;
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
  const found = own.length > 0 ? own : await discoverSkillFiles(fs, root, { maxDepth: 6 });
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
    const findings = [
      ...lint.problems.map((p) => ({ ...p, file: basenamePath(filePath) })),
      ...lint.bundled.flatMap((b) => b.problems.map((p) => ({ ...p, file: relativeTo(dir, b.filePath) }))),
    ];
    // What the review could not read is said with the security findings (information: no confirmation).
    const security = findings.filter((p) => isSecurityCode(p.code) || p.code === 'not-fully-reviewed');
    const quality = findings.filter((p) => isQualityCode(p.code));
    const actionsFile = await readActionsFile(fs, dir);
    const actions = actionsFile?.ok ? actionsFile.actions.map((a) => ({ name: a.name, run: a.run })) : [];
    // What the actions run is read whole, whatever the bundled-file lint's bounds left out.
    const runFiles = await reviewActionFiles(fs, dir, actions);
    const listing = await listSkillFolder(fs, dir);
    // Every file copied, read whole, whatever the bundled-file lint's bounds left out.
    const copied = await reviewCopiedFiles(fs, dir, listing.files, new Set([basenamePath(filePath)]));
    const known = new Set(security.map((p) => `${p.file}:${p.range.start.line}:${p.code}`));
    for (const finding of [...runFiles.findings, ...copied.findings]) {
      const key = `${finding.file}:${finding.range.start.line}:${finding.code}`;
      if (!known.has(key)) security.push(finding);
      known.add(key);
    }
    const notReviewed = [
      ...runFiles.notReviewed,
      ...copied.notReviewed.filter((n) => !runFiles.notReviewed.some((r) => r.file === n.file)),
    ];
    const target = joinPath(options.location, name, basenamePath(filePath));
    const record = recordFromAnalysis(target, location, lint.analysis, { problems: lint.problems });
    // Each host at its default model's window (contextWindow.ts).
    const context = { projectRoots: [options.projectRoot], home: undefined };
    const hosts = DEFAULT_HOSTS.map((host) => ({
      host,
      loads: hostVerdicts(host, [record], context).get(record)?.loads ?? false,
    }));
    const taken = options.replacing !== name && (await fs.stat(joinPath(options.location, name)));
    const way = await wayFromRootProblem(fs, root, dir);
    const blocked = way
      ? way
      : taken
        ? `a skill folder named '${name}' is already in ${options.location}`
        : listing.embeddedRepositories.length > 0
          ? `it holds an embedded Git repository (${listing.embeddedRepositories.slice(0, 3).join(', ')}), whose config can run programs when git reads it`
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
      quality,
      warnings: lint.problems.filter((p) => p.severity === 'warning').length,
      actions,
      notReviewed,
      unreadData: copied.data,
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
      `- Lint: ${skill.errors.length} error${skill.errors.length === 1 ? '' : 's'}${skill.errors.length > 0 ? ` (${skill.errors.map((e) => e.code).join(', ')}: Skillsmith's own tools and \`@skills\` do not offer it until they are fixed)` : ''}, ${skill.warnings} warning${skill.warnings === 1 ? '' : 's'}.`,
    );
    if (skill.notReviewed.length > 0)
      lines.push(
        `- **Not fully reviewed:** ${skill.notReviewed.map((n) => `${n.file} (${n.why})`).join(', ')}. It would be copied, and the review could not read it whole.`,
      );
    if (skill.unreadData.length > 0)
      lines.push(
        `- Not read, as binary data: ${skill.unreadData.slice(0, 20).join(', ')}${skill.unreadData.length > 20 ? `, and ${skill.unreadData.length - 20} more` : ''}.`,
      );
    if (skill.security.length === 0)
      lines.push(
        skill.notReviewed.length > 0
          ? '- Security: no finding in what could be read (see above).'
          : '- Security: nothing found.',
      );
    else {
      lines.push(`- **Security: ${skill.security.length} finding${skill.security.length === 1 ? '' : 's'}**`);
      for (const finding of skill.security.slice(0, 20))
        lines.push(
          `  - \`${finding.code}\` (${finding.severity}) ${finding.file}:${finding.range.start.line + 1}: ${finding.message.split('\n')[0]}`,
        );
    }
    // Quality apart: how the skill is written, not whether it is safe; it never asks for the security confirmation.
    if (skill.quality.length > 0) {
      lines.push(`- Quality: ${skill.quality.length} finding${skill.quality.length === 1 ? '' : 's'} (not security)`);
      for (const finding of skill.quality.slice(0, 20))
        lines.push(`  - \`${finding.code}\` (${finding.severity}): ${finding.message.split('\n')[0]}`);
    }
    if (skill.actions.length === 0) lines.push('- Actions: none.');
    else for (const action of skill.actions) lines.push(`- Action \`${action.name}\` runs \`${action.run.join(' ')}\``);
    lines.push(`- ${reviewAgentsText(skill)}.`);
    lines.push('');
  }
  return escapeUnsafeCharacters(lines.join('\n'));
}

/**
 * "Loaded by Claude Code; not by Codex", by the agents' own rules, which may accept what
 * Skillsmith's lint calls an error (so the lint line and this one never contradict each other).
 */
export function reviewAgentsText(skill: ReviewedSkill): string {
  const loading = skill.hosts.filter((h) => h.loads).map((h) => h.host);
  const missing = skill.hosts.filter((h) => !h.loads).map((h) => h.host);
  const rules = skill.errors.length > 0 ? ' (by their own rules, whatever the lint errors)' : '';
  if (loading.length === 0) return `Loaded by none of the agents (${hostNameList(missing)})`;
  return `Loaded by ${hostNameList(loading)}${rules}${missing.length > 0 ? `; not by ${hostNameList(missing)}` : ''}`;
}

/** Whether the skill needs the second, explicit confirmation: a security warning, or a file an action runs that was not read whole. */
export function needsSecondConfirmation(skill: ReviewedSkill): boolean {
  return skill.notReviewed.length > 0 || skill.security.some((p) => p.severity === 'warning');
}

/** "download-exec, secret-exfiltration; not fully reviewed: run.sh": what the second confirmation is about, by rule. */
export function secondConfirmationReason(skill: ReviewedSkill): string {
  const codes = [...new Set(skill.security.filter((p) => p.severity === 'warning').map((p) => p.code))];
  return [
    ...(codes.length > 0 ? [codes.join(', ')] : []),
    ...(skill.notReviewed.length > 0 ? [`not fully reviewed: ${skill.notReviewed.map((n) => n.file).join(', ')}`] : []),
  ].join('; ');
}
