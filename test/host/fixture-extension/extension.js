// Test-only extension loaded beside Skillsmith by the host-test runner: registers
// the fake model of vendor `test-vendor` and the commands that script it.
'use strict';
const vscode = require('vscode');
const { createFakeModel } = require('./fakeModel');

function activate(context) {
  const { provider, api } = createFakeModel();
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('test-vendor', provider),
    vscode.commands.registerCommand('skillsmithTest.setScript', (script) => api.setScript(script)),
    vscode.commands.registerCommand('skillsmithTest.getRequests', () => api.getRequests()),
    vscode.commands.registerCommand('skillsmithTest.reset', () => api.reset()),
  );
  return api;
}

function deactivate() {}

module.exports = { activate, deactivate };
