// Which documents are skill files. VS Code gives every SKILL.md the language id `skill`
// (not `markdown`), so providers register by file pattern, and the diagnostics decide
// by file name, in any case (a wrong case is itself linted, with `file-name-case`).
import * as vscode from 'vscode';
import { isSkillFileName } from '../../core/catalog/discovery';

/**
 * The document selector of skill files: SKILL.md in any case (`Skill.md`, `SKILL.MD`, ...),
 * the same files the diagnostics lint (isSkillDocument), so each of them gets its quick
 * fixes. Glob patterns are case-sensitive, hence one character class per letter.
 */
export { SKILL_FILE_SELECTOR } from '../ids';

/** Schemes whose documents are linted besides the workspace folders' own (not `git:` and other views). */
const LINTED_SCHEMES = new Set(['file', 'untitled', 'vscode-remote', 'vscode-vfs']);

/** True for a document that is a skill file (any case of SKILL.md) on a real, editable resource. */
export function isSkillDocument(document: vscode.TextDocument): boolean {
  const uri = document.uri;
  if (!isSkillFileName(uri.path.slice(uri.path.lastIndexOf('/') + 1))) return false;
  return (
    LINTED_SCHEMES.has(uri.scheme) || (vscode.workspace.workspaceFolders ?? []).some((f) => f.uri.scheme === uri.scheme)
  );
}
