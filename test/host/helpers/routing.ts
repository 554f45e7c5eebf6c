// Reading the routing feature's state in host tests, through the test-only commands it
// registers when SKILLSMITH_TEST_HOOKS is set (src/vscode/routing/routingController.ts).
import * as vscode from 'vscode';
import { waitFor } from './wait';

export interface RoutingTreeItem {
  id: string;
  label: string;
  children: { id: string; label: string; description?: string }[];
}

export interface RoutingRun {
  sequence: number;
  summaries: { router: string; top1: number; confusions: { expected: string; picked: string; share: number }[] }[];
  passed: string[];
  failed: { id: string; message: string }[];
  skipped: string[];
  errored: string[];
  estimate?: { requests: number; input_tokens: number };
  usage?: { requests: number; input_tokens: number; output_tokens: number; source: string };
  rates: Record<string, string>;
  cancelled: boolean;
}

/** Waits until the routing feature has found its files and linted once. */
export async function routingReady(): Promise<void> {
  await waitFor(
    async () => {
      await vscode.commands.executeCommand('skillsmith.test.routingReady');
      return true;
    },
    { message: 'the routing feature to load', timeout: 20_000 },
  );
}

export async function routingTree(): Promise<RoutingTreeItem[]> {
  return (await vscode.commands.executeCommand<RoutingTreeItem[]>('skillsmith.test.routingTree')) ?? [];
}

export async function lastRoutingRun(): Promise<RoutingRun | undefined> {
  return vscode.commands.executeCommand<RoutingRun | undefined>('skillsmith.test.routingLastRun');
}

export async function routingReportText(): Promise<string> {
  return (await vscode.commands.executeCommand<string>('skillsmith.test.routingReport')) ?? '';
}

/** Runs every routing test with the default profile and waits for a run newer than the last. */
export async function runAllRoutingTests(timeout = 30_000): Promise<RoutingRun> {
  const before = (await lastRoutingRun())?.sequence ?? 0;
  void vscode.commands.executeCommand('testing.runAll');
  return waitFor(
    async () => {
      const run = await lastRoutingRun();
      return run && run.sequence > before ? run : undefined;
    },
    { message: 'a routing run to finish', timeout },
  );
}
