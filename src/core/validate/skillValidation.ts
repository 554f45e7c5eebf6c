// One skill as `validate` checks it (docs/cli.md): SKILL.md linted completely (core/lint, the
// review among it) and the actions.json beside it (docs/actions.md), all read through one
// snapshot of the folder, so that no file is read twice whichever rule asks. The outcome is plain
// data: it comes back from the lint's threads (node/lintPool.ts) and is what the cache keeps.
import { lintActionsText } from '../actions/lintActions';
import { describeError, type FileSystem } from '../base/fileSystem';
import { ACTIONS_FILE, MAX_ACTIONS_FILE_BYTES } from '../base/limits';
import { dirnamePath, joinPath } from '../base/paths';
import { SkillFolderSnapshot, type SnapshotInput } from '../base/skillFolderSnapshot';
import { decodeUtf8 } from '../base/text';
import type { Problem } from '../base/types';
import { validateSkillFile, type FileLint, type LintOptions } from '../lint/validateFile';

/** The lint of a skill's actions.json. */
export interface ActionsLint {
  readonly filePath: string;
  readonly problems: readonly Problem[];
}

export interface SkillValidation extends FileLint {
  /** The actions.json beside SKILL.md, when there is one. */
  readonly actions?: ActionsLint;
  /** The text of the skill's `evals/trigger-evals.json`, for description-overlap (descriptionOverlaps.ts). */
  readonly triggerEvals?: string;
  /** What the lint read, when asked for (ValidateSkillOptions.recordInputs): the cache's key. */
  readonly inputs?: readonly SnapshotInput[];
}

/** One file's validation, or why it could not be read. */
export type LintOutcome =
  | ({ readonly ok: true } & SkillValidation)
  | { readonly ok: false; readonly reason: string; readonly inputs?: readonly SnapshotInput[] };

export interface ValidateSkillOptions extends LintOptions {
  /** Keep what was read, with `digest`, as the outcome's inputs (`validate --cache`). */
  readonly recordInputs?: boolean;
}

/** Validates the skill whose SKILL.md is `filePath`; a file that cannot be read is an outcome, not a rejection. */
export async function validateSkill(
  fs: FileSystem,
  filePath: string,
  options: ValidateSkillOptions = {},
): Promise<LintOutcome> {
  const folder = new SkillFolderSnapshot(fs, options.recordInputs ? options.digest : undefined);
  const recorded = async () => (options.recordInputs ? { inputs: await folder.inputs() } : {});
  let lint: FileLint;
  try {
    lint = await validateSkillFile(folder, filePath, options);
  } catch (error) {
    return { ok: false, reason: `cannot read: ${describeError(error)}`, ...(await recorded()) };
  }
  const dir = dirnamePath(filePath);
  const actions = await actionsLint(folder, dir);
  const triggerEvals = await textIfFile(folder, joinPath(dir, ...TRIGGER_EVALS));
  return {
    ok: true,
    ...lint,
    ...(actions ? { actions } : {}),
    ...(triggerEvals !== undefined ? { triggerEvals } : {}),
    ...(await recorded()),
  };
}

/** Where a skill keeps the trigger evals that description-overlap routes (docs/routing.md). */
export const TRIGGER_EVALS = ['evals', 'trigger-evals.json'] as const;

async function textIfFile(fs: FileSystem, path: string): Promise<string | undefined> {
  const stat = await fs.stat(path).catch(() => undefined);
  if (!stat || stat.kind !== 'file') return undefined;
  return decodeUtf8(await fs.readFile(path).catch(() => new Uint8Array(0)));
}

/** The lint of the skill's actions.json (docs/actions.md), when it has one. */
async function actionsLint(fs: FileSystem, skillDir: string): Promise<ActionsLint | undefined> {
  const filePath = joinPath(skillDir, ACTIONS_FILE);
  const stat = await fs.stat(filePath).catch(() => undefined);
  if (!stat || stat.kind !== 'file') return undefined;
  const text = stat.size > MAX_ACTIONS_FILE_BYTES ? '' : decodeUtf8(await fs.readFile(filePath));
  const problems = await lintActionsText(text, {
    fileExists: async (relative) => (await fs.stat(joinPath(skillDir, relative)).catch(() => undefined)) !== undefined,
  });
  return { filePath, problems };
}
