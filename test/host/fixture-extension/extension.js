// Test-only extension loaded beside Skillsmith by the host-test runner: registers
// the fake model of vendor `test-vendor` and the commands that script it, and the
// context-key probe: one key (package.json keybindings) runs probeContext with the
// `when` clause that held in the workbench, which is how a test observes
// `skillsmith.hasSkills` (the `when` of our tools) as VS Code evaluates it.
'use strict';
const vscode = require('vscode');
const { createFakeModel } = require('./fakeModel');

function activate(context) {
  const { provider, api } = createFakeModel();
  let probed;
  context.subscriptions.push(
    vscode.commands.registerCommand('skillsmithTest.probeContext', (clause) => (probed = clause)),
    vscode.commands.registerCommand('skillsmithTest.takeProbe', () => {
      const taken = probed;
      probed = undefined;
      return taken;
    }),
    vscode.lm.registerLanguageModelChatProvider('test-vendor', provider),
    vscode.commands.registerCommand('skillsmithTest.setScript', (script) => api.setScript(script)),
    vscode.commands.registerCommand('skillsmithTest.getRequests', () => api.getRequests()),
    vscode.commands.registerCommand('skillsmithTest.reset', () => api.reset()),
    // VS Code's own skill discovery, through the proposed chatPromptFiles API (enabled for this
    // development extension only): the skills its agent would list, as it found and parsed them.
    vscode.commands.registerCommand('skillsmithTest.agentSkills', async () => {
      if (typeof vscode.chat?.getSkills !== 'function')
        return { error: 'vscode.chat.getSkills is not available (the chatPromptFiles proposal is not enabled)' };
      const source = new vscode.CancellationTokenSource();
      const skills = (await vscode.chat.getSkills(source.token)) ?? [];
      return {
        skills: skills.map((s) => ({
          path: s.uri.fsPath,
          name: s.name,
          description: s.description,
          source: String(s.source),
          disableModelInvocation: s.disableModelInvocation === true,
        })),
      };
    }),
  );
  return api;
}

function deactivate() {}

module.exports = { activate, deactivate };
