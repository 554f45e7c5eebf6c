// Skills: Show Skill Expansion…: what loading a skill returns, as `/show` answers it in chat, in a
// read-only document and without a language model. VS Code hands a chat request to a participant
// only once it has a model for it (its extension host resolves the request's model before calling
// the handler, and answers "Language model unavailable" when there is none), so `@skills /show`
// cannot answer without one; this command and Show Listing can. The document
// (`skillsmith-expansion:/<name>.md?<arguments>`) follows the catalog and the disk.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import type { CatalogEntry } from '../../core/catalog/catalog';
import { OFFER_STATUS_LABEL } from '../../core/catalog/offerStatusText';
import { describeToolError, escapeInlineMarkdown, markdownFence } from '../../core/chat/chatCommands';
import { runLoadSkill } from '../../core/loading/tools';
import { COMMANDS, EXPANSION_SCHEME } from '../ids';
import type { SkillsmithServices } from '../services';
import { skillToolContext } from '../toolContext';
import { inBackground } from '../background';

const REFRESH_DELAY_MS = 100;

/** The Uri of the expansion document of `name` with `args`. */
export function expansionUri(name: string, args: string): vscode.Uri {
  return vscode.Uri.from({ scheme: EXPANSION_SCHEME, path: `/${name}.md`, query: args });
}

/** The document's markdown: the expansion as the model would receive it, or why there is none. */
async function renderExpansion(services: SkillsmithServices, uri: vscode.Uri): Promise<string> {
  const name = uri.path.replace(/^\//, '').replace(/\.md$/, '');
  const args = uri.query;
  await services.watcher.whenIdle();
  const result = await runLoadSkill(skillToolContext(services, 'user-view'), args ? { name, args } : { name });
  const title = `# ${name}`;
  if (!result.ok) return `${title}\n\n${describeToolError(result.error)}\n`;
  const lines = [title, ''];
  const entry = result.entry;
  if (entry) {
    const where = vscode.workspace.asRelativePath(services.fs.toUri(entry.record.filePath));
    const status = entry.status === 'offered' ? 'offered to the model' : OFFER_STATUS_LABEL[entry.status];
    lines.push(`- File: ${where}`, `- Status: ${status}`, '');
  }
  const problems = result.problems ?? [];
  if (problems.length > 0) {
    lines.push('It has errors, so it is not offered to the model until they are fixed:', '');
    for (const p of problems)
      lines.push(`- \`${p.code}\` (line ${p.range.start.line + 1}): ${escapeInlineMarkdown(p.message)}`);
    lines.push('');
  }
  const withArgs = args ? ` with the arguments \`${args.replace(/`/g, "'").replace(/\s+/g, ' ')}\`` : '';
  lines.push(`Loading it${withArgs} returns:`, '', markdownFence(result.text, 'markdown'));
  return lines.join('\n') + '\n';
}

interface SkillPick extends vscode.QuickPickItem {
  readonly name: string;
}

function pickItem(services: SkillsmithServices, entry: CatalogEntry): SkillPick {
  const where = vscode.workspace.asRelativePath(services.fs.toUri(entry.record.filePath));
  return {
    name: entry.record.name,
    label: entry.record.name,
    description: entry.status === 'offered' ? where : `${OFFER_STATUS_LABEL[entry.status]} · ${where}`,
    detail: entry.record.description,
  };
}

/** The skill a command was run on: a name, a Skills view item, or one the user picks. */
async function chosenSkill(services: SkillsmithServices, target: unknown): Promise<string | undefined> {
  if (typeof target === 'string') return target;
  const fromView = (target as { entry?: CatalogEntry } | undefined)?.entry?.record.name;
  if (fromView) return fromView;
  await services.watcher.whenIdle();
  const items = services.catalog.entries().map((entry) => pickItem(services, entry));
  if (items.length === 0) {
    inBackground(
      services.log,
      'an information message',
      vscode.window.showInformationMessage('Skills: no skill found. Create one with Skills: New Skill….'),
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Show Skill Expansion',
    placeHolder: 'The skill whose expansion to show',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked?.name;
}

/** Registers the `skillsmith-expansion:` provider and Show Skill Expansion…. */
export function registerExpansionDocument(services: SkillsmithServices): vscode.Disposable[] {
  const changed = new vscode.EventEmitter<vscode.Uri>();
  // The skill's text is read fresh from disk: redraw the open documents when the catalog changes.
  const refreshSoon = coalesced(() => {
    for (const document of vscode.workspace.textDocuments)
      if (document.uri.scheme === EXPANSION_SCHEME) changed.fire(document.uri);
  }, REFRESH_DELAY_MS);
  const provider: vscode.TextDocumentContentProvider = {
    onDidChange: changed.event,
    provideTextDocumentContent: (uri) => renderExpansion(services, uri),
  };
  return [
    changed,
    refreshSoon,
    services.catalog.onDidChange(() => refreshSoon.schedule()),
    vscode.workspace.registerTextDocumentContentProvider(EXPANSION_SCHEME, provider),
    vscode.commands.registerCommand(COMMANDS.showSkill, async (target?: unknown, givenArgs?: string) => {
      const name = await chosenSkill(services, target);
      if (!name) return undefined;
      const args =
        givenArgs ??
        (await vscode.window.showInputBox({
          title: `Show Skill Expansion: ${name}`,
          prompt: 'The arguments, substituted for $ARGUMENTS, $0, $1, … (optional)',
          placeHolder: 'for example src/app.ts',
        }));
      if (args === undefined) return undefined;
      const document = await vscode.workspace.openTextDocument(expansionUri(name, args.trim()));
      await vscode.window.showTextDocument(document, { preview: true });
      return document.uri;
    }),
  ];
}
