// The hover on a SKILL.md's `name:` line and its opening `---` (where a `host-compat` problem
// stands): which of the user's agents load the skill, and why the others do not (docs/hosts.md,
// "Which agents load a skill"). It asks the host verdicts on hover only.
import * as vscode from 'vscode';
import { hostsModule } from '../hostsModule';
import type { SkillsmithServices } from '../services';

/** The hover for a position in a skill file the catalog holds; none elsewhere. */
export function agentsHover(
  services: SkillsmithServices,
  document: vscode.TextDocument,
  position: vscode.Position,
): vscode.Hover | undefined {
  const entry = services.catalog.entryForFile(services.fs.toPath(document.uri));
  if (!entry) return undefined;
  const nameLine = entry.record.nameRange?.start.line;
  if (position.line !== 0 && position.line !== nameLine) return undefined;
  if (position.line === 0 && !document.lineAt(0).text.startsWith('---')) return undefined;
  const verdicts = services.hostVerdicts().of(entry.record);
  if (!verdicts || verdicts.size === 0) return undefined;
  const hosts = hostsModule();
  const markdown = new vscode.MarkdownString(hosts.agentsMarkdown(hosts.agentsAnswer(entry.record, verdicts)));
  markdown.appendMarkdown('\n\nYour agents are the setting `skillsmith.hosts`.');
  return new vscode.Hover(markdown, document.lineAt(position.line).range);
}
