// The skills a host sees (docs/hosts.md): the catalog's records, and those of the skills in the
// hosts' folders that the catalog does not hold. Shared by `skillsmith hosts` and the impact
// trials, which judge a trial's folder as the host will see it.
import type { FileSystem } from '../base/fileSystem';
import { joinPath, pathKey } from '../base/paths';
import { discoverSkillFiles } from '../catalog/discovery';
import { readSkillRecords, type SkillRecord } from '../catalog/skillRecord';
import { HOST_PROFILES, type HostId } from './profiles';
import type { HostContext } from './hostContext';

/**
 * The catalog's records, and those of the skills that the hosts see and the catalog does not:
 * deeper than its 4 levels, or in a folder it does not scan (`.codex/skills`). A host spends
 * its listing budget on those too, so they are judged with the rest.
 */
export async function hostRecords(
  fs: FileSystem,
  catalogRecords: readonly SkillRecord[],
  hosts: readonly HostId[],
  context: HostContext,
): Promise<SkillRecord[]> {
  const records = [...catalogRecords];
  const known = new Set(records.map((record) => pathKey(record.filePath)));
  const folders = new Map<
    string,
    { path: string; label: string; scope: 'workspace' | 'user'; root?: string; depth: number }
  >();
  for (const host of hosts) {
    const profile = HOST_PROFILES[host];
    const add = (path: string, label: string, scope: 'workspace' | 'user', root?: string) => {
      const known = folders.get(pathKey(path));
      folders.set(pathKey(path), {
        path,
        label,
        scope,
        root,
        depth: Math.max(known?.depth ?? 0, profile.maxDepth.value),
      });
    };
    for (const root of context.projectRoots)
      for (const folder of profile.projectFolders.value) add(joinPath(root, folder), folder, 'workspace', root);
    if (context.home !== undefined)
      for (const folder of profile.userFolders.value) add(joinPath(context.home, folder), `~/${folder}`, 'user');
  }
  for (const folder of folders.values()) {
    const found = (await discoverSkillFiles(fs, folder.path, { maxDepth: folder.depth })).filter(
      (file) => !known.has(pathKey(file.filePath)),
    );
    if (found.length === 0) continue;
    const location = {
      path: folder.path,
      label: folder.label,
      scope: folder.scope,
      rank: Number.MAX_SAFE_INTEGER,
      ...(folder.root ? { root: folder.root } : {}),
    };
    for (const read of await readSkillRecords(
      fs,
      found.map((file) => ({ ...file, location })),
    )) {
      if (!read.ok || known.has(pathKey(read.record.filePath))) continue;
      known.add(pathKey(read.record.filePath));
      records.push(read.record);
    }
  }
  return records;
}
