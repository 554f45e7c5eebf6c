// Reading and writing files in the test workspace (a fresh copy of a fixture per
// suite, so tests may change it freely). Paths are relative to a workspace folder.
import * as vscode from 'vscode';

/** The workspace folder at `index` (0 for a single-folder workspace). */
export function workspaceFolder(index = 0): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[index];
  if (!folder)
    throw new Error(`no workspace folder #${index} (open: ${vscode.workspace.workspaceFolders?.length ?? 0})`);
  return folder;
}

/** The URI of `relativePath` inside workspace folder `folder`. */
export function workspaceUri(relativePath: string, folder = 0): vscode.Uri {
  return vscode.Uri.joinPath(workspaceFolder(folder).uri, ...relativePath.split('/'));
}

/** Writes (creating folders as needed) a UTF-8 file; returns its URI. */
export async function writeWorkspaceFile(relativePath: string, content: string, folder = 0): Promise<vscode.Uri> {
  const uri = workspaceUri(relativePath, folder);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(content, 'utf8'));
  return uri;
}

/** Reads a UTF-8 file of the workspace. */
export async function readWorkspaceFile(relativePath: string, folder = 0): Promise<string> {
  return Buffer.from(await vscode.workspace.fs.readFile(workspaceUri(relativePath, folder))).toString('utf8');
}

/** Deletes a file or folder (recursively) of the workspace. */
export async function deleteWorkspaceFile(relativePath: string, folder = 0): Promise<void> {
  await vscode.workspace.fs.delete(workspaceUri(relativePath, folder), { recursive: true, useTrash: false });
}

/** Opens a workspace file in an editor and returns the editor. */
export async function openWorkspaceFile(relativePath: string, folder = 0): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceUri(relativePath, folder));
  return vscode.window.showTextDocument(document);
}
