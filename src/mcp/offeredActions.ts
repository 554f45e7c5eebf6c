// The actions the server publishes as tools (docs/mcp.md, "What it serves"): those of the
// skills offered to the model, each with its tool name, none when actions are off. Each skill's
// declared actions are read once and forgotten on any change of the catalog (or `invalidate`).
import type { ActionsMode } from '../core/access/policy';
import { readActionsFile, type ActionDeclaration } from '../core/actions/declaration';
import type { FileSystem } from '../core/base/fileSystem';
import type { SkillCatalog } from '../core/catalog/catalog';
import { perSkillActionToolName } from '../core/chat/perSkillTools';

/** An action of an offered skill, and the name of its own tool. */
export interface OfferedAction {
  readonly skill: string;
  readonly action: ActionDeclaration;
  readonly tool: string;
}

export interface OfferedActions {
  /** The actions of the skills offered to the model, with their tool names. */
  readonly offeredActions: () => Promise<OfferedAction[]>;
  /** Forgets every skill's declared actions. */
  readonly invalidate: () => void;
}

/** The offered actions of one catalog, read when first asked for. */
export function offeredActionsOf(
  catalog: SkillCatalog,
  fs: FileSystem,
  actions: ActionsMode,
  ready: Promise<void> | undefined,
): OfferedActions {
  let actionsByDir = new Map<string, Promise<readonly ActionDeclaration[]>>();
  const actionsOf = (dir: string): Promise<readonly ActionDeclaration[]> => {
    let known = actionsByDir.get(dir);
    if (!known) {
      known = readActionsFile(fs, dir).then(
        (read) => (read?.ok ? read.actions : []),
        () => [],
      );
      actionsByDir.set(dir, known);
    }
    return known;
  };
  catalog.onDidChange(() => (actionsByDir = new Map()));

  const offeredActions = async (): Promise<OfferedAction[]> => {
    if (actions === 'off') return [];
    await ready;
    const offered = catalog.offered();
    const declared = await Promise.all(offered.map((entry) => actionsOf(entry.record.dir)));
    return offered.flatMap((entry, i) =>
      declared[i].map((action) => ({
        skill: entry.record.name,
        action,
        tool: perSkillActionToolName(entry.record.name, action.name),
      })),
    );
  };
  return { offeredActions, invalidate: () => (actionsByDir = new Map()) };
}
