// The "remove the BOM" quick fix. It cannot be a text edit: VS Code strips the BOM from
// the document's text and re-adds it on save for as long as the document's encoding is
// `utf8bom`. So the fix rewrites the bytes on disk and then switches the open document's
// encoding to plain `utf8`, so that a later save does not bring the BOM back.
import * as vscode from 'vscode';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

type OpenWithEncoding = (uri: vscode.Uri, options: { readonly encoding: string }) => Thenable<vscode.TextDocument>;

/** Removes a leading UTF-8 BOM from the file (saving pending edits first); false when it had none. */
export async function removeBom(uri: vscode.Uri): Promise<boolean> {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  // The bytes are rewritten from disk: pending edits must be there first.
  if (document?.isDirty && !(await save(document))) throw new Error('the document could not be saved first');
  const bytes = await vscode.workspace.fs.readFile(uri);
  const hadBom = UTF8_BOM.every((byte, i) => bytes[i] === byte);
  if (hadBom) await vscode.workspace.fs.writeFile(uri, bytes.subarray(UTF8_BOM.length));
  if (document && !document.isClosed) await reopenAsUtf8(uri);
  return hadBom;
}

/** Time allowed for a save that TextDocument.save() reported as failed to land anyway. */
const SAVE_GRACE_MS = 5000;

/**
 * Saves and resolves true once the document is clean. In VS Code 1.139, save() right
 * after an edit sometimes answers false while the save is still being written (seen in
 * the host tests: the document turns clean and onDidSaveTextDocument fires just after).
 */
async function save(document: vscode.TextDocument): Promise<boolean> {
  if ((await document.save()) || !document.isDirty) return true;
  return new Promise((resolve) => {
    const finish = (): void => {
      listener.dispose();
      clearTimeout(timer);
      resolve(!document.isDirty);
    };
    const listener = vscode.workspace.onDidSaveTextDocument((saved) => {
      if (saved === document) finish();
    });
    const timer = setTimeout(finish, SAVE_GRACE_MS);
  });
}

/**
 * Re-reads the open document as UTF-8 without BOM. `openTextDocument(uri, {encoding})`
 * (VS Code 1.100+, newer than our @types/vscode) changes the encoding of a document that
 * is already open; the text is the same, only the encoding used on save changes. It must
 * come after the bytes are rewritten: VS Code reads a file that still starts with a BOM as
 * `utf8bom` even when asked for `utf8`. Without this call, VS Code also drops `utf8bom`, but
 * only when its file watcher reloads the document, a few seconds later (measured in 1.139);
 * versions before 1.100 ignore the option and rely on that.
 */
async function reopenAsUtf8(uri: vscode.Uri): Promise<void> {
  const open = vscode.workspace.openTextDocument as unknown as OpenWithEncoding;
  await open(uri, { encoding: 'utf8' });
}
