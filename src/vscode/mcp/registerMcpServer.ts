// Skillsmith's MCP server in VS Code (SPEC §11, docs/mcp.md, "In VS Code"): registered through
// `mcpServerDefinitionProviders`, over the workspace folders, only in a trusted workspace and
// while `skillsmith.mcp.enabled` is on. That setting is off by default: VS Code's agent gets the
// same capabilities from the language-model tools in either harness, and both at once would give
// the model each of them twice. Once on, VS Code's own MCP client starts it (`skillsmith mcp`, the
// CLI this extension ships). The secrets the workspace's actions declare come from SecretStorage,
// in the server's environment, each under its own skill's variable, when VS Code resolves the
// definition to start it. The MCP API arrived in VS Code 1.101; older versions skip this feature.
import * as vscode from 'vscode';
import { offeredSecretEnvironment } from '../../node/scopedSecrets';
import { secretKey } from '../secretKey';
import type { SkillsmithServices } from '../services';
import { readSettings, SETTINGS } from '../settings';

/** The provider id, as package.json's `mcpServerDefinitionProviders` declares it. */
export const MCP_PROVIDER_ID = 'skillsmith.skills';

/** The parts of the MCP API this feature uses (typed here: the engine's @types/vscode predates them). */
interface McpApi {
  registerMcpServerDefinitionProvider(
    id: string,
    provider: {
      readonly onDidChangeMcpServerDefinitions?: vscode.Event<void>;
      provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<object[]>;
      resolveMcpServerDefinition?(server: object, token: vscode.CancellationToken): vscode.ProviderResult<object>;
    },
  ): vscode.Disposable;
}
type StdioDefinition = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => { env: Record<string, string | number | null> };

/** Whether the server is offered: the setting, and workspace trust (the server runs skills' actions). */
function enabled(): boolean {
  return (
    vscode.workspace.isTrusted && readSettings().mcpEnabled && (vscode.workspace.workspaceFolders?.length ?? 0) > 0
  );
}

/** Registers the provider; returns the disposables (none on a VS Code without the MCP API). */
export function registerMcpServer(services: SkillsmithServices, context: vscode.ExtensionContext): vscode.Disposable[] {
  const lm = vscode.lm as unknown as Partial<McpApi>;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: StdioDefinition }).McpStdioServerDefinition;
  if (typeof lm.registerMcpServerDefinitionProvider !== 'function' || !Definition) return [];
  const changed = new vscode.EventEmitter<void>();
  const version = (context.extension.packageJSON as { version?: string }).version ?? '0';
  const provider = lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => {
      if (!enabled()) return [];
      const cli = vscode.Uri.joinPath(context.extensionUri, 'dist', 'cli.js').fsPath;
      const roots = (vscode.workspace.workspaceFolders ?? [])
        .filter((f) => f.uri.scheme === 'file')
        .flatMap((f) => ['--root', f.uri.fsPath]);
      // The extension host's own runtime runs the CLI (in the desktop app, Electron as Node).
      return [
        new Definition(
          'Skillsmith skills',
          process.execPath,
          [cli, 'mcp', ...roots, '--actions', 'ask'],
          { ELECTRON_RUN_AS_NODE: '1' },
          version,
        ),
      ];
    },
    resolveMcpServerDefinition: async (server) => {
      if (!enabled()) return undefined;
      const definition = server as { env: Record<string, string | number | null> };
      // Each offered skill's declared secrets, from SecretStorage, under that skill's own variable.
      const secrets = await offeredSecretEnvironment(services.catalog.offered(), services.fs, (name, dir) =>
        Promise.resolve(context.secrets.get(secretKey(name, dir))),
      );
      definition.env = { ...definition.env, ...secrets };
      return definition;
    },
  });
  return [
    changed,
    provider,
    vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SETTINGS.mcpEnabled)) changed.fire();
    }),
    context.secrets.onDidChange(() => changed.fire()),
  ];
}
