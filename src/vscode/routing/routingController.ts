// The routing feature, once loaded (docs/routing.md): the Test Explorer controller with its
// two run profiles (language models, the lexical router), created only while the workspace
// has eval files, the eval files and their tree,
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
import { inBackground } from '../background';
import { DisposableStore } from '../disposables';

const LINT_DELAY_MS = 500;

/** Test-only commands (registered only with SKILLSMITH_TEST_HOOKS). */
export const ROUTING_TEST_COMMANDS = {
  tree: 'skillsmith.test.routingTree',
  lastRun: 'skillsmith.test.routingLastRun',
  report: 'skillsmith.test.routingReport',
  whenReady: 'skillsmith.test.routingReady',
} as const;

/** The test controller, its tree of eval files and cases, and the offline run profile. */
interface TestExplorer extends vscode.Disposable {
  readonly controller: vscode.TestController;
  readonly tree: RoutingTestTree;
  readonly lexicalProfile: vscode.TestRunProfile;
}

export class RoutingController implements vscode.Disposable {
  private readonly index: EvalFileIndex;
  /** The Test Explorer's part: only while eval files exist (VS Code shows a Testing view for any controller). */
  private explorer: TestExplorer | undefined;
  private readonly report = new RoutingReport();
  private readonly lint: RoutingLint;
  private readonly lintLater = coalesced(
    () => inBackground(this.services.log, 'linting eval files', this.refreshLint()),
    LINT_DELAY_MS,
  );
  private readonly disposables = new DisposableStore();
  private readonly ready: Promise<void>;
  private lastRun: RoutingRunResult | undefined;
  private runs = 0;
  private lintDone: Promise<void> = Promise.resolve();

  constructor(private readonly services: SkillsmithServices) {
    this.index = new EvalFileIndex(services);
    this.lint = new RoutingLint(services, this.index);
    this.disposables.addAll(
      this.index,
      this.report,
      this.lint,
      { dispose: () => this.lintLater.dispose() },
      {
        dispose: () => {
          this.explorer?.dispose();
        },
      },
      this.index.onDidChange((uris) => {
        this.syncExplorer(uris);
        this.lintLater.schedule();
      }),
    );
    if (process.env[TEST_HOOKS_ENV]) this.disposables.addAll(...this.testCommands());
    this.ready = this.index.reloadAll().then(() => {
      this.syncExplorer();
      return this.refreshLint();
    });
  }

  /**
   * Creates the test controller when the first eval file appears and disposes it when the last
   * one goes, then updates the items of `uris` (all when omitted). A registered controller is
   * what makes VS Code show its Testing view, and a workspace without evals has nothing to test.
   */
  private syncExplorer(uris?: readonly vscode.Uri[]): void {
    if (this.index.all().length === 0) {
      this.explorer?.dispose();
      this.explorer = undefined;
      return;
    }
    const created = !this.explorer;
    this.explorer ??= this.createExplorer();
    this.explorer.tree.update(created ? undefined : uris);
  }

  private createExplorer(): TestExplorer {
    const controller = vscode.tests.createTestController(ROUTING_CONTROLLER_ID, 'Skill Routing');
    controller.resolveHandler = () => this.ready;
    controller.refreshHandler = () => this.index.reloadAll();
    controller.createRunProfile(
      'Run with Language Models',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token, true),
      true,
    );
    const lexicalProfile = controller.createRunProfile(
      'Run with the Lexical Router (offline)',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token, false),
      false,
    );
    return {
      controller,
      tree: new RoutingTestTree(controller, this.index),
      lexicalProfile,
      dispose: () => controller.dispose(),
    };
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
    const explorer = this.explorer;
    if (!explorer) return;
    const { controller, tree } = explorer;
    // Without a model, the same cases can run offline (the notification's button).
    const runOffline = () => {
      const offline = new vscode.CancellationTokenSource();
      inBackground(
        this.services.log,
        'the offline routing run',
        this.run(
          new vscode.TestRunRequest(request.include, request.exclude, explorer.lexicalProfile),
          offline.token,
          false,
        ).finally(() => offline.dispose()),
      );
    };
    const result = await runRoutingTests(this.services, controller, tree, request, token, withModels, runOffline);
    if (!result) return;
    this.lastRun = result;
    this.runs++;
    this.report.update(result.summaries, this.hostNotes());
    if (withModels) {
      const cases = tree.casesOf(request).map((item) => tree.caseOf(item)!.case);
      this.lint.useModelRun(
        new Set(cases.flatMap((c) => c.expected)),
        result.summaries.flatMap((s) => s.confusions),
      );
      this.lintLater.schedule();
    }
    const figures = result.summaries.map((s) => `${s.router} ${Math.round(s.top1 * 100)} %`).join(', ');
    const message = `Routing: ${plural(result.passed.length, 'case')} passed, ${result.failed.length} failed (top-1: ${figures}).`;
    inBackground(
      this.services.log,
      'an information message',
      vscode.window.showInformationMessage(message, 'Open Report').then((choice) => choice && this.report.show()),
    );
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
      vscode.commands.registerCommand(ROUTING_TEST_COMMANDS.tree, () => this.explorer?.tree.snapshot() ?? []),
      vscode.commands.registerCommand(
        ROUTING_TEST_COMMANDS.lastRun,
        () => this.lastRun && { sequence: this.runs, ...this.lastRun },
      ),
      vscode.commands.registerCommand(ROUTING_TEST_COMMANDS.report, () => this.report.markdown),
    ];
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
