// The catalog's verdicts for the hosts of `skillsmith.hosts` (docs/hosts.md), as every feature
// asks for them: the workspace folders are the project folders, the home folder is the user's.
// The cache recomputes them only when the catalog or the question changed.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { normalizePath } from '../../core/base/paths';
import type { SkillCatalog } from '../../core/catalog/catalog';
import { HostVerdictCache, type CatalogVerdicts } from '../../core/hosts/verdictCache';
import { readSettings } from '../settings';
import type { WorkspaceFileSystem } from '../workspaceFileSystem';

/** A function that answers the current verdicts of the whole catalog. */
export function createHostVerdicts(catalog: SkillCatalog, fs: WorkspaceFileSystem): () => CatalogVerdicts {
  const cache = new HostVerdictCache(catalog);
  return () => {
    const settings = readSettings();
    const projectRoots = (vscode.workspace.workspaceFolders ?? []).map((folder) => fs.toPath(folder.uri));
    return cache.verdicts(settings.hosts, { projectRoots, home: normalizePath(os.homedir()), contextTokens: settings.hostContextTokens });
  };
}
