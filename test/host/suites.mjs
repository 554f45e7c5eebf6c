// The host-test suites. Each one gets its own code-server, browser and profile.
//   name          shown in the output and selectable with --suite=NAME
//   fixture       folder under test/host/fixtures/, copied fresh for the run; none: an empty folder
//   home          folder under test/host/fixtures/ copied into the sandbox's HOME (user-level skills)
//   workspaceFile optional .code-workspace inside the fixture (multi-root)
//   tests         TypeScript test modules (run from their out-host/ transpiled form)
//   env           extra environment for the extension host
//   settings      extra user settings
//   screenshots   true: only run by scripts/host/screenshot.mjs, which saves PNGs
//   timeoutMs     overrides the per-suite timeout (default 5 min)
//   untrusted     true: workspace trust is enabled and the workspace is not trusted (Restricted Mode)
//   upstreamProposals true: code-server with desktop VS Code's check of API proposals (scripts/host/upstreamProposals.mjs)
//   copilotMock   true: the Copilot harness's GitHub and Copilot endpoints on a scripted mock model
//   prepare       optional (workspaceRoot, ctx) => void | Promise: writes the workspace before VS Code
//                 opens it (ctx as in scripts/host/runSuite.mjs: repoRoot, outDir, ...); run once, by runSuite
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWorkspace } from '../../scripts/hosts/workspace.mjs';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export const suites = [
  {
    name: 'workspace',
    fixture: 'workspace',
    tests: ['test/host/tests/activation.test.ts', 'test/host/tests/fakeModel.test.ts'],
  },
  {
    name: 'startup-failure',
    fixture: 'workspace',
    tests: ['test/host/tests/startupFailure.test.ts'],
    env: { SKILLSMITH_TEST_HOOKS: '1', SKILLSMITH_TEST_FAIL_FEATURE: 'routing evals' },
  },
  {
    name: 'multi-root',
    fixture: 'multi-root',
    workspaceFile: 'skills.code-workspace',
    tests: ['test/host/tests/multiRoot.test.ts'],
  },
  {
    name: 'ui',
    fixture: 'ui',
    tests: [
      'test/host/tests/skillsView.test.ts',
      'test/host/tests/watcherView.test.ts',
      'test/host/tests/listingCommands.test.ts',
      'test/host/tests/newSkill.test.ts',
      'test/host/tests/walkthrough.test.ts',
      'test/host/tests/testingView.test.ts',
      'test/host/tests/noModelCommands.test.ts',
    ],
  },
  {
    name: 'ui-multi-root',
    fixture: 'ui-multi-root',
    workspaceFile: 'skills.code-workspace',
    tests: ['test/host/tests/multiRootView.test.ts'],
  },
  {
    name: 'ui-screenshots',
    fixture: 'ui',
    tests: ['test/host/screenshots/skillsView.shots.ts'],
    screenshots: true,
  },
  {
    name: 'diagnostics',
    fixture: 'diagnostics',
    tests: [
      'test/host/tests/diagnostics.test.ts',
      'test/host/tests/codeActions.test.ts',
      'test/host/tests/securityLint.test.ts',
    ],
  },
  {
    // VS Code's own checks of SKILL.md beside ours, with the default agents (the sandbox's default is []).
    name: 'vscode-checks',
    fixture: 'vscode-checks',
    tests: ['test/host/tests/vscodeChecks.test.ts'],
    settings: { 'skillsmith.hosts': ['vscode', 'claude-code', 'codex'] },
  },
  {
    // A fresh profile: VS Code keeps a walkthrough's ticks for good.
    name: 'walkthrough-progress',
    fixture: 'vscode-checks',
    tests: ['test/host/tests/walkthroughProgress.test.ts'],
  },
  {
    name: 'install',
    fixture: 'workspace',
    tests: ['test/host/tests/addFromRepository.test.ts'],
  },
  {
    // Skip reasons first (they clean up after themselves), then 1,000 folders at once.
    name: 'storm',
    fixture: 'storm',
    tests: ['test/host/tests/skipReasons.test.ts', 'test/host/tests/watcherStorm.test.ts'],
    timeoutMs: 10 * 60_000,
  },
  {
    // An empty folder and a user-level skill only: onStartupFinished must activate us.
    name: 'startup',
    home: 'home-user-skills',
    tests: ['test/host/tests/startupActivation.test.ts'],
  },
  {
    // An empty folder and no user-level skill: what a newcomer sees first (the Skills view's welcome).
    name: 'empty',
    tests: ['test/host/tests/emptySkillsView.test.ts'],
  },
  {
    // The test hooks count whole-file reads: Refresh must read each file once, 16 at a time.
    name: 'refresh',
    tests: ['test/host/tests/refreshReads.test.ts'],
    env: { SKILLSMITH_TEST_HOOKS: '1' },
  },
  {
    name: 'untrusted',
    fixture: 'untrusted',
    tests: ['test/host/tests/restrictedActions.test.ts', 'test/host/tests/restrictedMode.test.ts'],
    untrusted: true,
  },
  {
    // Host verdicts (docs/hosts.md): the only suite with skillsmith.hosts set (the sandbox's default is []).
    name: 'hosts',
    fixture: 'hosts',
    tests: ['test/host/tests/hostCompat.test.ts'],
    // Its tests hover, wait for tooltips and VS Code's own skill list: more than the default 5 minutes on a busy machine.
    timeoutMs: 10 * 60_000,
    // chat.useAgentSkills on: VS Code's own agent lists the skills of its folders itself.
    settings: { 'skillsmith.hosts': ['vscode', 'claude-code', 'codex'], 'chat.useAgentSkills': true },
  },
  {
    // VS Code's own discovery (the proposed chat.skills API, through the fixture extension) against
    // Skillsmith's verdicts, on the case workspace of the host oracles (scripts/hosts/workspace.mjs).
    name: 'vscode-skills',
    prepare: (root) => buildWorkspace(root),
    tests: ['test/host/tests/vscodeSkills.test.ts'],
    settings: { 'skillsmith.hosts': ['vscode'], 'chat.useAgentSkills': true },
  },
  {
    // VS Code's Copilot harness (the Copilot SDK runtime in the agent host), on the case workspace of
    // the host oracles. unsafeTestToken (read only with the smoke-test driver) stands in for a GitHub
    // sign-in, so the turn reaches the runtime instead of stopping at the sign-in dialog.
    name: 'copilot-harness',
    prepare: (root) => buildWorkspace(root),
    tests: ['test/host/tests/copilotHarness.test.ts'],
    settings: {
      'skillsmith.hosts': ['vscode-copilot'],
      'skillsmith.mcp.enabled': true,
      'chat.useAgentSkills': true,
      'chat.defaultToCopilotHarness': true,
      'chat.agentHost.byokModels.enabled': true,
      'chat.agentHost.allowSignedOutWhenUsable': true,
      'chat.agentHost.unsafeTestToken': 'offline-test-token',
    },
    timeoutMs: 10 * 60_000,
  },
  {
    // The Copilot harness with a model: the runtime's GitHub and Copilot endpoints on a scripted
    // loopback mock (scripts/host/copilotApiMock.mjs), which the tests drive and read back.
    name: 'copilot-harness-turn',
    // The case workspace, and a skill with actions for skillAction and the MCP server's action tools.
    prepare: (root) => {
      buildWorkspace(root);
      cpSync(join(FIXTURES, 'actions', 'skills', 'echo-action'), join(root, '.github', 'skills', 'echo-action'), {
        recursive: true,
      });
    },
    tests: ['test/host/tests/copilotHarnessTurn.test.ts'],
    copilotMock: true,
    upstreamProposals: true,
    settings: {
      'skillsmith.hosts': ['vscode-copilot'],
      'skillsmith.mcp.enabled': true,
      'chat.useAgentSkills': true,
      'chat.defaultToCopilotHarness': true,
      'chat.agentHost.githubMcpServer.enabled': false,
      'chat.agentHost.unsafeTestToken': 'offline-test-token',
      'chat.defaultModel': 'mock-harness-model',
    },
    timeoutMs: 12 * 60_000,
  },
  {
    // The same harness with Skillsmith's default settings: one set of tools offered to it.
    name: 'copilot-harness-default',
    prepare: (root) => buildWorkspace(root),
    tests: ['test/host/tests/copilotHarnessOneSet.test.ts'],
    settings: {
      'skillsmith.hosts': ['vscode-copilot'],
      'chat.useAgentSkills': true,
      'chat.defaultToCopilotHarness': true,
      'chat.agentHost.byokModels.enabled': true,
      'chat.agentHost.allowSignedOutWhenUsable': true,
      'chat.agentHost.unsafeTestToken': 'offline-test-token',
    },
    timeoutMs: 10 * 60_000,
  },
  {
    // One set of tools for VS Code's agent: the language-model tools by default; skillsmith mcp,
    // started by VS Code's own MCP client from the extension's provider, once the setting is on.
    name: 'mcp',
    fixture: 'hosts',
    tests: ['test/host/tests/mcpServer.test.ts'],
  },
  {
    name: 'actions',
    fixture: 'actions',
    tests: [
      'test/host/tests/actionsTool.test.ts',
      'test/host/tests/actionsChat.test.ts',
      'test/host/tests/actionsEditor.test.ts',
      'test/host/tests/actionApprovals.test.ts',
    ],
  },
  {
    // The README's picture of an action run in chat, on examples/ (the file-stats skill).
    name: 'actions-screenshots',
    fixture: '../../../examples',
    tests: ['test/host/screenshots/actions.shots.ts'],
    screenshots: true,
  },
  {
    name: 'chat',
    fixture: 'chat',
    tests: ['test/host/tests/chatTools.test.ts', 'test/host/tests/chatParticipant.test.ts'],
  },
  {
    // The README's chat picture, of examples/ (what `npm start` opens), with the model named as a user's picker names one.
    name: 'chat-screenshots',
    fixture: '../../../examples',
    tests: ['test/host/screenshots/chat.shots.ts'],
    env: { SKILLSMITH_FAKE_MODEL_NAME: 'GPT-5 mini' },
    screenshots: true,
  },
  {
    // Routing evals: the Test Explorer, a run with the scripted fake model, /eval, the lint.
    name: 'routing',
    fixture: 'routing',
    tests: ['test/host/tests/routing.test.ts'],
    env: { SKILLSMITH_TEST_HOOKS: '1' },
    settings: { 'skillsmith.routing.models': ['fake-model'], 'skillsmith.routing.runs': 3 },
  },
  {
    name: 'routing-screenshots',
    fixture: 'routing',
    tests: ['test/host/screenshots/routing.shots.ts'],
    env: { SKILLSMITH_TEST_HOOKS: '1' },
    settings: { 'skillsmith.routing.models': ['fake-model'], 'skillsmith.routing.runs': 3 },
    screenshots: true,
  },
  {
    name: 'screenshots',
    fixture: 'workspace',
    tests: ['test/host/screenshots/readme.shots.ts'],
    screenshots: true,
  },
  {
    // The README's squiggles, Show Listing and walkthrough pictures, of examples/ (what `npm start` opens).
    name: 'release-screenshots',
    fixture: '../../../examples',
    tests: ['test/host/screenshots/release.shots.ts'],
    settings: { 'skillsmith.listing.budget': 600 },
    screenshots: true,
  },
];

// Benchmarks: run only when named (`bench: true`), by scripts/host/bench-host.mjs.
// `prepare` fills the workspace before VS Code opens it.
suites.push({
  name: 'cold-start',
  bench: true,
  env: { SKILLSMITH_TEST_HOOKS: '1', SKILLSMITH_BENCH_SKILLS: process.env.SKILLSMITH_BENCH_SKILLS ?? '5000' },
  tests: ['test/host/bench/coldStart.bench.ts'],
  timeoutMs: 10 * 60_000,
  prepare: async (workspaceRoot, ctx) => {
    const { createRequire } = await import('node:module');
    const { join } = await import('node:path');
    const require = createRequire(import.meta.url);
    const { generateWorkspace } = require(join(ctx.repoRoot, ctx.outDir, 'bench', 'workspace.js'));
    generateWorkspace(workspaceRoot, Number(process.env.SKILLSMITH_BENCH_SKILLS ?? 5000));
  },
});
