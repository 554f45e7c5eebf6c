// `skillsmith expand NAME [ARGS] [--root ROOT]` (docs/cli.md): what the load tool returns.
import type { SkillCatalog } from '../core/catalog/catalog';
import type { FileSystem } from '../core/base/fileSystem';
import { DEFAULT_LISTING_BUDGET } from '../core/base/limits';
import { runLoadSkill, type ToolResult } from '../core/loading/tools';

/** Expands a skill as the user asked for it by name (hidden skills included). */
export function expandForCli(
  catalog: SkillCatalog,
  fs: FileSystem,
  name: string,
  args: string,
  unicodeNames: boolean,
): Promise<ToolResult> {
  return runLoadSkill(
    { catalog, fs, budget: DEFAULT_LISTING_BUDGET, unicodeNames, requester: 'user-run' },
    args ? { name, args } : { name },
  );
}
