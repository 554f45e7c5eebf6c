// Access to the extension under test, by the id its manifest gives it.
import * as vscode from 'vscode';

/** publisher.name from package.json. */
export const EXTENSION_ID = 'skillsmith.skillsmith';

/** The Skillsmith extension; throws when it is not loaded in this host. */
export function getExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded in this extension host`);
  return extension;
}

/** Activates Skillsmith (if needed) and returns what its activate() returned. */
export async function getExtensionApi<T = unknown>(): Promise<T> {
  const extension = getExtension();
  return (extension.isActive ? extension.exports : await extension.activate()) as T;
}
