// The host-compat feature's work (docs/hosts.md, "In the editor"): the `host-compat` problems of
// each SKILL.md from the host verdicts, the badges' findings, and the quick fixes with their
// edits. In the lazily loaded hosts bundle (src/lazy/hosts.ts); registerHosts.ts registers it.
import * as vscode from 'vscode';
import {
  hostCompatFindings,
  shortenedScalar,
  type HostCompatFinding,
  type HostCompatFix,
} from '../../core/hosts/hostCompat';
import { withImplicitInvocationOff } from '../../core/hosts/invocationPolicy';
import { descriptionRange } from '../../core/routing/descriptionField';
import type { SkillRecord } from '../../core/catalog/skillRecord';
import type { HostId } from '../../core/hosts/profiles';
import type { CatalogVerdicts } from '../../core/hosts/verdictCache';
import type { HostVerdict } from '../../core/hosts/verdicts';
import { linkEditsForMove, type FolderMove } from '../../core/hosts/moveReferences';
import type { SkillsmithServices } from '../services';
import type { HostBadges } from './hostBadges';
import { inBackground } from '../background';

const CODE = 'host-compat';

const SEVERITY = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
} as const;

/** A diagnostic and the finding behind it, so that the quick fixes know what to do. */
interface Published {
  readonly diagnostic: vscode.Diagnostic;
  readonly finding: HostCompatFinding;
}

export interface HostCompatFeature {
  /** Publishes the problems and badges of the skills whose verdicts changed (all, the first time). */
  publish(): void;
  provideCodeActions(document: vscode.TextDocument, context: vscode.CodeActionContext): vscode.CodeAction[];
  resolveCodeAction(action: vscode.CodeAction, token: vscode.CancellationToken): Promise<vscode.CodeAction>;
}

/** The feature over its diagnostic collection and badges (which registerHosts owns). */
export function hostCompatFeature(
  services: SkillsmithServices,
  collection: vscode.DiagnosticCollection,
  badges: HostBadges,
): HostCompatFeature {
  const published = new Map<string, Published[]>();
  /** The problems of one skill file (none: cleared), and what its badge shows. */
  const publishRecord = (record: SkillRecord, byHost: ReadonlyMap<HostId, HostVerdict> | undefined) => {
    const uri = services.fs.toUri(record.filePath);
    const findings = byHost ? hostCompatFindings(record, byHost) : [];
    if (findings.length === 0) {
      published.delete(uri.toString());
      collection.delete(uri);
      return { uri, findings };
    }
    const nameRange = record.nameRange;
    const items = findings.map((finding) => {
      const range =
        finding.about === 'name' && nameRange
          ? new vscode.Range(
              nameRange.start.line,
              nameRange.start.character,
              nameRange.end.line,
              nameRange.end.character,
            )
          : new vscode.Range(0, 0, 0, 3);
      const diagnostic = new vscode.Diagnostic(range, finding.message, SEVERITY[finding.severity]);
      diagnostic.source = 'skillsmith';
      diagnostic.code = CODE;
      return { diagnostic, finding };
    });
    published.set(uri.toString(), items);
    collection.set(
      uri,
      items.map((item) => item.diagnostic),
    );
    return { uri, findings };
  };
  let shownVerdicts: CatalogVerdicts | undefined;
  const publish = () => {
    const verdicts = services.hostVerdicts();
    const changed = verdicts.changedSince(shownVerdicts);
    shownVerdicts = verdicts;
    // After a few files changed in place, only the skills whose verdicts changed are published again.
    if (changed) {
      const files = new Map<string, { uri: vscode.Uri; findings: HostCompatFinding[] }>();
      for (const record of changed) {
        const shown = publishRecord(record, verdicts.of(record));
        files.set(shown.uri.toString(), shown);
      }
      badges.patch(files);
      return;
    }
    collection.clear();
    published.clear();
    const badged = new Map<string, { uri: vscode.Uri; findings: HostCompatFinding[] }>();
    for (const record of services.catalog.records()) {
      const shown = publishRecord(record, verdicts.of(record));
      if (shown.findings.length > 0) badged.set(shown.uri.toString(), shown);
    }
    badges.update(badged);
  };
  return {
    publish,
    provideCodeActions: (document, context) => {
      const items = published.get(document.uri.toString()) ?? [];
      return context.diagnostics.flatMap((diagnostic) => {
        const item = items.find(
          (p) => p.diagnostic.message === diagnostic.message && p.diagnostic.range.isEqual(diagnostic.range),
        );
        return item ? item.finding.fixes.flatMap((fix) => codeAction(services, document, diagnostic, fix)) : [];
      });
    },
    // A move's edit (the folder, and the links that point into or out of it) is worked out only
    // when it is chosen: it reads the workspace's markdown files.
    resolveCodeAction: async (action, token) => {
      if (action instanceof MoveSkillAction) action.edit = await moveEdit(services, action.move, token);
      if (action instanceof PolicyFileAction) action.edit = await policyEdit(services, action.file, action.key);
      return action;
    },
  };
}

/** The code action of one fix; none when it cannot apply (the target exists, the field is gone). */
function codeAction(
  services: SkillsmithServices,
  document: vscode.TextDocument,
  diagnostic: vscode.Diagnostic,
  fix: HostCompatFix,
): vscode.CodeAction[] {
  const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
  action.diagnostics = [diagnostic];
  const edit = new vscode.WorkspaceEdit();
  switch (fix.kind) {
    case 'move': {
      const move = new MoveSkillAction(fix.title, { from: fix.from, to: fix.to });
      move.diagnostics = [diagnostic];
      return [move];
    }
    case 'rename-file':
      // Never over what exists: the scaffold's rule, and the user's files.
      edit.renameFile(services.fs.toUri(fix.from), services.fs.toUri(fix.to), {
        overwrite: false,
        ignoreIfExists: true,
      });
      break;
    case 'rename-to-folder':
      edit.replace(document.uri, diagnostic.range, fix.name);
      break;
    case 'write-invocation-policy': {
      const write = new PolicyFileAction(fix.title, fix.file, fix.key);
      write.diagnostics = [diagnostic];
      return [write];
    }
    case 'add-disable-model-invocation': {
      // Before the closing fence of the frontmatter.
      const lines = document.getText().split(/\r?\n/);
      if (!/^---\s*$/.test(lines[0] ?? '')) return [];
      const close = lines.findIndex((line, i) => i > 0 && /^---\s*$/.test(line));
      if (close < 0) return [];
      edit.insert(
        document.uri,
        new vscode.Position(close, 0),
        `disable-model-invocation: true${document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n'}`,
      );
      break;
    }
    case 'shorten-description': {
      const range = descriptionRange(document.getText());
      if (!range) return [];
      const current = document.getText(
        new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character),
      );
      edit.replace(
        document.uri,
        new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character),
        shortenedScalar(current, fix.maxLength),
      );
      break;
    }
  }
  action.edit = edit;
  return [action];
}

/** The Move quick fix: its edit is resolved when chosen (moveEdit). */
class MoveSkillAction extends vscode.CodeAction {
  constructor(
    title: string,
    readonly move: FolderMove,
  ) {
    super(title, vscode.CodeActionKind.QuickFix);
  }
}

/** The policy file quick fix (Codex's agents/openai.yaml): its edit is resolved when chosen (policyEdit). */
class PolicyFileAction extends vscode.CodeAction {
  constructor(
    title: string,
    readonly file: string,
    readonly key: readonly string[],
  ) {
    super(title, vscode.CodeActionKind.QuickFix);
  }
}

/**
 * The policy file's edit: a new file, or the one there with the key merged in (its other keys and
 * comments kept); nothing, with a warning, when that file is not a YAML mapping.
 */
async function policyEdit(
  services: SkillsmithServices,
  file: string,
  key: readonly string[],
): Promise<vscode.WorkspaceEdit> {
  const edit = new vscode.WorkspaceEdit();
  const uri = services.fs.toUri(file);
  const existing = await vscode.workspace.fs.readFile(uri).then(
    (bytes) => new TextDecoder().decode(bytes),
    () => undefined,
  );
  const merged = withImplicitInvocationOff(existing, key);
  if (!merged.ok) {
    inBackground(
      services.log,
      'a warning message',
      vscode.window.showWarningMessage(`${file} was left as it is: ${merged.reason}.`),
    );
    return edit;
  }
  if (existing === undefined) {
    edit.createFile(uri, { overwrite: false, ignoreIfExists: true, contents: new TextEncoder().encode(merged.text) });
    return edit;
  }
  const lines = existing.split('\n');
  edit.replace(uri, new vscode.Range(0, 0, lines.length - 1, lines[lines.length - 1].length), merged.text);
  return edit;
}

/** How many markdown files a move looks through for links to rewrite. */
const MAX_LINKED_FILES = 5000;

/**
 * The folder's move, never over what exists, and before it the links that would break: in the
 * workspace's markdown files that point into the folder, and in the folder's own that point out.
 */
async function moveEdit(
  services: SkillsmithServices,
  move: FolderMove,
  token: vscode.CancellationToken,
): Promise<vscode.WorkspaceEdit> {
  const edit = new vscode.WorkspaceEdit();
  // Never over what exists (the folder would not move, and the links would point at the other one).
  const exists = await vscode.workspace.fs.stat(services.fs.toUri(move.to)).then(
    () => true,
    () => false,
  );
  if (exists) {
    inBackground(
      services.log,
      'a warning message',
      vscode.window.showWarningMessage(
        `Skillsmith did not move the skill: ${services.fs.toUri(move.to).fsPath} already exists.`,
      ),
    );
    return edit;
  }
  const files = await vscode.workspace.findFiles('**/*.md', '{**/node_modules/**,**/.git/**}', MAX_LINKED_FILES, token);
  const open = new Map(vscode.workspace.textDocuments.map((document) => [document.uri.toString(), document]));
  for (const uri of files) {
    if (token.isCancellationRequested) break;
    let text: string;
    try {
      text = open.get(uri.toString())?.getText() ?? new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      continue;
    }
    for (const link of linkEditsForMove(text, services.fs.toPath(uri), move)) {
      edit.replace(
        uri,
        new vscode.Range(
          link.range.start.line,
          link.range.start.character,
          link.range.end.line,
          link.range.end.character,
        ),
        link.newText,
      );
    }
  }
  // The text edits apply first, to the files where they are now; then the folder moves.
  edit.renameFile(services.fs.toUri(move.from), services.fs.toUri(move.to), { overwrite: false, ignoreIfExists: true });
  return edit;
}
