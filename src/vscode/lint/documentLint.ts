// The full lint of one open SKILL.md: the editor's text (not the disk's), its links
// checked on disk, and the catalog's duplicate-name. Kept apart from diagnostics.ts,
// which only decides when to lint and where the results go.
import * as vscode from 'vscode';
import { basenamePath, dirnamePath } from '../../core/base/paths';
import { sortProblems, type Problem, type Range } from '../../core/base/types';
import { nameKey } from '../../core/catalog/catalog';
import type { BundledFileProblems } from '../../core/review';
import { lintSkillText } from '../../core/lint/validateFile';
import { countO200kTokensUpTo } from '../../node/o200k';
import { sha256Digest } from '../../node/sha256';
import type { SkillsmithServices } from '../services';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Lints the current text of `document` completely: its problems sorted by position, and its bundled files' (read on disk). */
export async function lintSkillDocument(
  document: vscode.TextDocument,
  services: SkillsmithServices,
  options: { readonly unicodeNames: boolean },
): Promise<{ readonly problems: Problem[]; readonly bundled: readonly BundledFileProblems[] }> {
  const filePath = services.fs.toPath(document.uri);
  const { analysis, problems, bundled } = await lintSkillText(services.fs, filePath, document.getText(), {
    unicodeNames: options.unicodeNames,
    hasBom: await documentHasBom(document, services),
    checkLinks: !document.isUntitled,
    countTokens: countO200kTokensUpTo,
    digest: sha256Digest,
  });
  const declared = analysis.name?.trim() || basenamePath(dirnamePath(filePath));
  const duplicates = duplicateProblems(services, filePath, declared, analysis.nameRange);
  return { problems: sortProblems([...problems, ...duplicates]), bundled };
}

/**
 * The catalog's duplicate-name for this file, moved to where the name stands in the
 * editor. The catalog knows the name on disk: once the editor's name differs, the clash
 * it reported is no longer what the user sees, so it is left out until the next save.
 */
function duplicateProblems(
  services: SkillsmithServices,
  filePath: string,
  name: string,
  nameRange: Range | undefined,
): Problem[] {
  const entry = services.catalog.entryForFile(filePath);
  if (!entry || nameKey(entry.record.name) !== nameKey(name)) return [];
  return entry.problems.filter((p) => p.code === 'duplicate-name').map((p) => ({ ...p, range: nameRange ?? p.range }));
}

/**
 * VS Code strips the BOM from the text, so it is read from the document's encoding
 * (VS Code 1.100+), or else from the first bytes on disk.
 */
async function documentHasBom(document: vscode.TextDocument, services: SkillsmithServices): Promise<boolean> {
  const encoding = (document as { readonly encoding?: unknown }).encoding;
  if (typeof encoding === 'string') return encoding === 'utf8bom';
  if (document.isUntitled) return false;
  try {
    const head = await services.fs.readFile(services.fs.toPath(document.uri), UTF8_BOM.length);
    return UTF8_BOM.every((byte, i) => head[i] === byte);
  } catch {
    return false;
  }
}
