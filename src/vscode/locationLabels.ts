// How a skill location is named in the UI (the Skills view, the New Skill location
// picker): its configured label, plus which workspace folder it belongs to in a
// multi-root workspace, or "user" for the user-level folders.
import * as vscode from 'vscode';
import type { SkillLocation } from '../core/catalog/locations';
import type { WorkspaceFileSystem } from './workspaceFileSystem';

/** The workspace folder name (multi-root only), "user" for user-level locations, else undefined. */
export function locationDescription(location: SkillLocation, fs: WorkspaceFileSystem): string | undefined {
  if (location.scope === 'user') return 'user';
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length < 2) return undefined;
  return folders.find((f) => fs.toPath(f.uri) === location.root)?.name ?? location.root;
}
