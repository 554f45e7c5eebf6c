// The catalog's verdicts for the hosts of `skillsmith.hosts` (docs/hosts.md), as every feature
// asks for them: the workspace folders are the project folders, the home folder is the user's.
// The cache recomputes them only when the catalog or the question changed.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { normalizePath, pathKey } from '../../core/base/paths';
import type { SkillCatalog } from '../../core/catalog/catalog';
import type { CatalogVerdicts, HostVerdictCache } from '../../core/hosts/verdictCache';
import { hostsModule } from '../hostsModule';
import { readSettings } from '../settings';
import type { WorkspaceFileSystem } from '../workspaceFileSystem';

export interface HostVerdictService {
  /** The verdicts for the hosts of `skillsmith.hosts`. */
  readonly verdicts: () => CatalogVerdicts;
  /**
   * The skills VS Code's own agent lists itself, by file path key, when its skill loading is on
   * (`chat.useAgentSkills`); undefined when it is off. Our list and load tools leave them out, so
   * that the model never gets the same skill twice (docs/hosts.md, "Coexistence").
   */
  readonly nativeSkills: () => ReadonlySet<string> | undefined;
  /**
   * Reads again which skills a host's own policy file keeps from its model (Codex's
   * agents/openai.yaml, docs/hosts.md "Invocation"), when the skills or hosts changed since the
   * last reading, or always with `reread` (a policy file changed); true when the answer changed.
   */
  readonly refreshPolicies: (reread: boolean) => Promise<boolean>;
}

/** The verdict service over the one catalog. */
export function createHostVerdicts(catalog: SkillCatalog, fs: WorkspaceFileSystem): HostVerdictService {
  // Created on the first question: that loads the engine (dist/lazy/hosts.js).
  let created: HostVerdictCache | undefined;
  const cache = {
    verdicts: (...args: Parameters<HostVerdictCache['verdicts']>) =>
      (created ??= new (hostsModule().HostVerdictCache)(catalog)).verdicts(...args),
  };
  // The folders whose policy file keeps the skill from a host's model: read by refreshPolicies.
  let policyOff: readonly string[] = [];
  let asked: string | undefined;
  const context = () => ({
    projectRoots: (vscode.workspace.workspaceFolders ?? []).map((folder) => fs.toPath(folder.uri)),
    home: normalizePath(os.homedir()),
    contextTokens: readSettings().hostContextTokens,
    implicitInvocationOff: policyOff,
  });
  return {
    refreshPolicies: async (reread) => {
      const dirs = catalog.records().map((record) => record.dir);
      const hosts = readSettings().hosts;
      // Reading every skill's folder again only when something it depends on changed.
      const question = JSON.stringify([hosts, dirs]);
      if (!reread && question === asked) return false;
      asked = question;
      const off = await hostsModule().implicitInvocationOff(fs, dirs, hosts);
      const changed = off.join('\n') !== policyOff.join('\n');
      policyOff = off;
      return changed;
    },
    verdicts: () => cache.verdicts(readSettings().hosts, context()),
    nativeSkills: () => {
      if (!readSettings().vscodeAgentSkills) return undefined;
      const verdicts = cache.verdicts(['vscode'], context());
      const listed = new Set<string>();
      for (const record of catalog.records()) {
        const verdict = verdicts.of(record)?.get('vscode');
        if (verdict?.loads && verdict.invocation === 'model') listed.add(pathKey(record.filePath));
      }
      return listed;
    },
  };
}
