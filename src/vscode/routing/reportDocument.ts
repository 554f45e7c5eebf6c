// The routing report (docs/routing.md, "The report"): a read-only Markdown document
// (`skillsmith-routing:/Routing Report.md`) with the last run's summary per model: recall
// per skill, the abstention false-positive rate and the confusion pairs. It is shown in
// the Markdown preview, and its text can be opened as a document too. The same scheme serves
// the proposed SKILL.md of the description loop, for its diff.
import * as vscode from 'vscode';
import { reportMarkdown, type HostListingNotes } from '../../core/routing/report';
import type { EvalSummary } from '../../core/routing/metrics';
import { DisposableStore } from '../disposables';
import { ROUTING_REPORT_SCHEME } from '../ids';

export function reportUri(): vscode.Uri {
  return vscode.Uri.from({ scheme: ROUTING_REPORT_SCHEME, path: '/Routing Report.md' });
}

const EMPTY = [
  '# Routing report',
  '',
  'No routing run yet. Run the routing evals in the Test Explorer (Testing view), or ask `@skills /eval` in chat.',
  '',
  'Eval files are `<skill>/evals/trigger-evals.json` and `*.routing.json` / `*.routing.jsonl`.',
].join('\n');

/** The read-only document of a proposed SKILL.md (the description loop's diff). */
export function proposalUri(skill: string): vscode.Uri {
  return vscode.Uri.from({ scheme: ROUTING_REPORT_SCHEME, path: `/proposal/${skill}/SKILL.md` });
}

export class RoutingReport implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private text = EMPTY;
  private readonly proposals = new Map<string, string>();
  private readonly disposables = new DisposableStore();
  private readonly emitter = this.disposables.add(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.emitter.event;

  constructor() {
    this.disposables.add(vscode.workspace.registerTextDocumentContentProvider(ROUTING_REPORT_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.proposals.get(uri.path) ?? this.text;
  }

  /** Serves `text` as the proposed SKILL.md of `skill`. */
  setProposal(skill: string, text: string): vscode.Uri {
    const uri = proposalUri(skill);
    this.proposals.set(uri.path, text);
    this.emitter.fire(uri);
    return uri;
  }

  /** Replaces the report with the summaries of a run. */
  update(summaries: readonly EvalSummary[], hostNotes?: HostListingNotes, when: Date = new Date()): void {
    const stamp = when.toISOString().replace('T', ' ').slice(0, 16);
    const intro = [
      "_Per model: top-1 (a case passes when most runs pick right), recall per skill, the abstention false-positive rate (cases that expect no skill but got one) and the confusions: which skill took another's requests._",
      '',
      `_Run at ${stamp} UTC._`,
      '',
    ].join('\n');
    this.text = reportMarkdown('Routing report', summaries, hostNotes).replace(
      /^## Routing report\n/,
      `# Routing report\n\n${intro}`,
    );
    this.emitter.fire(reportUri());
  }

  /** Replaces the report with the account of a description loop. */
  setLoop(skill: string, markdown: string, when: Date = new Date()): void {
    const stamp = when.toISOString().replace('T', ' ').slice(0, 16);
    this.text = `# Improving the description of ${skill}\n\n_Run at ${stamp} UTC._\n\n${markdown}`;
    this.emitter.fire(reportUri());
  }

  /** The report's current Markdown. */
  get markdown(): string {
    return this.text;
  }

  /** Opens the report in the Markdown preview (or as text where there is no preview). */
  async show(): Promise<void> {
    try {
      await vscode.commands.executeCommand('markdown.showPreview', reportUri());
    } catch {
      await vscode.window.showTextDocument(reportUri(), { preview: true });
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
