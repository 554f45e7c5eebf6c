// What each list of the server holds now, as comparable text (listChanges.ts announces the
// ones that changed): the action tools as declared, the prompts, every file served.
import type { FileSystem } from '../core/base/fileSystem';
import { joinPath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { ListSignatures } from './listChanges';
import type { OfferedAction } from './offeredActions';
import type { SkillFiles } from './skillFiles';

/** What the signatures read of the server. */
export interface SignatureDeps {
  readonly catalog: SkillCatalog;
  readonly fs: FileSystem;
  readonly ready: Promise<void> | undefined;
  readonly files: SkillFiles;
  readonly offeredActions: () => Promise<OfferedAction[]>;
}

/** The function that computes the lists' signatures, for listChangeAnnouncer. */
export function listSignatures(deps: SignatureDeps): () => Promise<ListSignatures> {
  const { catalog, fs, offeredActions } = deps;
  const { filesOf } = deps.files;
  /**
   * Every file served, with its size and mtime: a new or deleted file changes resources/list, and
   * an edit changes the file's digest in skills/list, so both are announced. (A stat, not a hash:
   * this runs after every burst of changes, over every skill.)
   */
  const servedFiles = async (dir: string) => {
    const paths = await filesOf(dir).catch(() => []);
    const stats = await Promise.all(paths.map((p) => fs.stat(joinPath(dir, p)).catch(() => undefined)));
    return paths.map((p, i) => [p, stats[i]?.size, stats[i]?.mtime]);
  };
  return async (): Promise<ListSignatures> => {
    await deps.ready;
    const offered = catalog.offered();
    const actions = await offeredActions();
    const files = await Promise.all(offered.map((entry) => servedFiles(entry.record.dir)));
    return {
      tools: JSON.stringify(actions.map(({ tool, skill, action }) => [tool, skill, action])),
      prompts: JSON.stringify(offered.map((entry) => [entry.record.name, entry.record.description])),
      resources: JSON.stringify(offered.map((entry, i) => [entry.record.name, files[i]])),
    };
  };
}
