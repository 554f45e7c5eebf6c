// Where a skill should live for the hosts a user chose (docs/hosts.md, "Where to put a skill"):
// which of them read each folder, and the folders that reach the most of them. With the default
// hosts no one folder is read by all three (`.agents/skills`: VS Code's agent and Codex;
// `.claude/skills`: VS Code's agent and Claude Code), so a skill in either of those is as well
// placed as one folder allows: that placement is not a problem (hostCompat.ts), and the
// answer to "which agents load it" says what the other folder would add.
import type { LocationScope } from '../catalog/locations';
import { HOST_PROFILES, type HostId } from './profiles';

/** A folder (relative to a project folder, or to the home folder) and the chosen hosts that read it. */
export interface FolderReach {
  readonly folder: string;
  readonly hosts: readonly HostId[];
}

/** Every folder one of `hosts` reads in `scope`, with which of them read it, those that reach more first. */
export function folderReaches(hosts: readonly HostId[], scope: LocationScope): FolderReach[] {
  const folders: string[] = [];
  for (const host of hosts) {
    const profile = HOST_PROFILES[host];
    for (const folder of (scope === 'user' ? profile.userFolders : profile.projectFolders).value)
      if (!folders.includes(folder)) folders.push(folder);
  }
  return folders
    .map((folder) => ({
      folder,
      hosts: hosts.filter((host) =>
        (scope === 'user' ? HOST_PROFILES[host].userFolders : HOST_PROFILES[host].projectFolders).value.includes(
          folder,
        ),
      ),
    }))
    .sort((a, b) => b.hosts.length - a.hosts.length);
}

/** The most of `hosts` that any one folder of `scope` reaches. */
export function bestReach(hosts: readonly HostId[], scope: LocationScope): number {
  return folderReaches(hosts, scope)[0]?.hosts.length ?? 0;
}
