// Which files hold routing evals (docs/routing.md, "Eval files"), by name alone:
//   - `<skill>/evals/trigger-evals.json`: skill-creator's trigger evals of that skill;
//   - `*.routing.json` and `*.routing.jsonl` anywhere in the workspace: catalog-level cases.
import { basenamePath, dirnamePath, samePath } from '../base/paths';
import type { SkillCatalog } from '../catalog/catalog';

/** The glob that finds and watches eval files in a workspace. */
export const EVAL_FILE_GLOB = '**/{*.routing.json,*.routing.jsonl,evals/trigger-evals.json}';

export type EvalFileKind = 'catalog' | 'trigger';

/** The kind of eval file a path names, or undefined when it is none. */
export function evalFileKind(filePath: string): EvalFileKind | undefined {
  const name = basenamePath(filePath);
  if (name === 'trigger-evals.json' && basenamePath(dirnamePath(filePath)) === 'evals') return 'trigger';
  if (name.endsWith('.routing.json') || name.endsWith('.routing.jsonl')) return 'catalog';
  return undefined;
}

/** The folder of the skill that `<skill>/evals/trigger-evals.json` belongs to. */
export function triggerEvalFolder(filePath: string): string | undefined {
  return evalFileKind(filePath) === 'trigger' ? dirnamePath(dirnamePath(filePath)) : undefined;
}

/** The skill a trigger eval file belongs to: the catalog's skill in that folder, else the folder's name. */
export function triggerEvalSkill(filePath: string, catalog?: SkillCatalog): string | undefined {
  const folder = triggerEvalFolder(filePath);
  if (folder === undefined) return undefined;
  const entry = catalog?.entries().find((e) => samePath(e.record.dir, folder));
  return entry?.record.name ?? basenamePath(folder);
}
