// The routing feature, once loaded (docs/routing.md): the Test Explorer controller with its
// two run profiles (language models, the lexical router), the eval files and their tree,
// the routing lint, the report, and the commands that activation registered
// (registerRouting.ts) routed here. With SKILLSMITH_TEST_HOOKS set, the host tests can read
// the tree, the last run and the report through test-only commands.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import { plural } from '../../core/base/text';
import { TEST_HOOKS_ENV } from '../api';
import { ROUTING_COMMANDS, ROUTING_CONTROLLER_ID } from '../ids';
import type { SkillsmithServices } from '../services';
import { evalInChat, type EvalChatTurn } from './evalChat';
import { EvalFileIndex } from './evalFileIndex';
import { improveDescriptionCommand } from './improveDescriptionCommand';
import { hostsModule } from '../hostsModule';
import type { HostListingNotes } from '../../core/routing/report';
import { RoutingReport } from './reportDocument';
import { RoutingLint } from './routingLint';
import { runRoutingTests, type RoutingRunResult } from './routingRun';
import { RoutingTestTree } from './testTree';

const LINT_DELAY_MS = 500;

/** Test-only commands (registered only with SKILLSMITH_TEST_HOOKS). */
export const ROUTING_TEST_COMMANDS = {
  tree: 'skillsmith.test.routingTree',
  lastRun: 'skillsmith.test.routingLastRun',
  report: 'skillsmith.test.routingReport',
  whenReady: 'skillsmith.test.routingReady',
} as const;

export class RoutingController implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController(ROUTING_CONTROLLER_ID, 'Skill Routing');
  private readonly index: EvalFileIndex;
  private readonly tree: RoutingTestTree;
  private readonly report = new RoutingReport();
  private readonly lint: RoutingLint;
  private readonly lintLater = coalesced(() => void this.refreshLint(), LINT_DELAY_MS);
  private readonly disposables: vscode.Disposable[] = [];
  private readonly ready: Promise<void>;
  private lastRun: RoutingRunResult | undefined;
  private runs = 0;
  private lintDone: Promise<void> = Promise.resolve();
  private readonly lexicalProfile: vscode.TestRunProfile;

  constructor(private readonly services: SkillsmithServices) {
    this.index = new EvalFileIndex(services);
    this.tree = new RoutingTestTree(this.controller, this.index);
    this.lint = new RoutingLint(services, this.index);
    this.controller.resolveHandler = () => this.ready;
    this.controller.refreshHandler = () => this.index.reloadAll();
    this.controller.createRunProfile(
      'Run with Language Models',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token, true),
      true,
    );
    this.lexicalProfile = this.controller.createRunProfile(
      'Run with the Lexical Router (offline)',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token, false),
      false,
    );
    this.disposables.push(
      this.controller,
      this.index,
      this.report,
      this.lint,
      { dispose: () => this.lintLater.dispose() },
      this.index.onDidChange((uris) => {
        this.tree.update(uris);
        this.lintLater.schedule();
      }),
    );
    if (process.env[TEST_HOOKS_ENV]) this.disposables.push(...this.testCommands());
    this.ready = this.index.reloadAll().then(() => {
      this.tree.update();
      return this.refreshLint();
    });
  }

  /** What the chosen agents' own listings do to each skill, for the report (docs/hosts.md). */
  private hostNotes(): HostListingNotes {
    return hostsModule().hostListingNotes(this.services.catalog.records(), this.services.hostVerdicts());
  }

  async command(id: string, args: readonly unknown[]): Promise<unknown> {
    await this.ready;
    if (id === ROUTING_COMMANDS.showReport) return this.report.show();
    if (id === ROUTING_COMMANDS.improveDescription)
      return improveDescriptionCommand(this.services, this.index, this.report, args[0]);
    if (id === ROUTING_COMMANDS.evalInChat) {
      const { result, summary } = await evalInChat(this.services, this.index, args[0] as EvalChatTurn);
      if (summary) this.report.update([summary], this.hostNotes());
      return result;
    }
    return undefined;
  }

  private async run(
    request: vscode.TestRunRequest,
    token: vscode.CancellationToken,
    withModels: boolean,
  ): Promise<void> {
    await this.ready;
    // Without a model, the same cases can run offline (the notification's button).
    const runOffline = () => {
      const offline = new vscode.CancellationTokenSource();
      void this.run(
        new vscode.TestRunRequest(request.include, request.exclude, this.lexicalProfile),
        offline.token,
        false,
      ).finally(() => offline.dispose());
    };
    const result = await runRoutingTests(
      this.services,
      this.controller,
      this.tree,
      request,
      token,
      withModels,
      runOffline,
    );
    if (!result) return;
    this.lastRun = result;
    this.runs++;
    this.report.update(result.summaries, this.hostNotes());
    if (withModels) {
      const cases = this.tree.casesOf(request).map((item) => this.tree.caseOf(item)!.case);
      this.lint.useModelRun(
        new Set(cases.flatMap((c) => c.expected)),
        result.summaries.flatMap((s) => s.confusions),
      );
      this.lintLater.schedule();
    }
    const figures = result.summaries.map((s) => `${s.router} ${Math.round(s.top1 * 100)} %`).join(', ');
    const message = `Routing: ${plural(result.passed.length, 'case')} passed, ${result.failed.length} failed (top-1: ${figures}).`;
    void vscode.window.showInformationMessage(message, 'Open Report').then((choice) => choice && this.report.show());
  }

  private refreshLint(): Promise<void> {
    this.lintDone = this.lint
      .refresh()
      .catch((error) => this.services.log.warn(`Routing lint failed: ${String(error)}`));
    return this.lintDone;
  }

  private testCommands(): vscode.Disposable[] {
    return [
      vscode.commands.registerCommand(ROUTING_TEST_COMMANDS.whenReady, async () => {
        await this.ready;
        await this.lintDone;
      }),
      vscode.commands.registerCommand(ROUTING_TEST_COMMANDS.tree, () => this.tree.snapshot()),
      vscode.commands.registerCommand(
        ROUTING_TEST_COMMANDS.lastRun,
        () => this.lastRun && { sequence: this.runs, ...this.lastRun },
      ),
      vscode.commands.registerCommand(ROUTING_TEST_COMMANDS.report, () => this.report.markdown),
    ];
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
