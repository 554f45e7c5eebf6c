// The hosts left out of a run (src/core/hosts/hostsLeftOut.ts): the Skills view's line that names
// the agents it checks (by their display names), those it does not, and where to add them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { andList, hostsLeftOut, viewHostsMessage } from '../../src/core/hosts/hostsLeftOut';

test(
  'the default hosts leave out Copilot CLI and the Copilot harness, and the view says where to add them',
  { timeout: 10_000 },
  () => {
    assert.deepEqual(hostsLeftOut(['vscode', 'claude-code', 'codex']), ['copilot-cli', 'vscode-copilot']);
    assert.equal(
      viewHostsMessage(['vscode', 'claude-code', 'codex']),
      "Agents checked: VS Code's agent, Claude Code and Codex. Not checked: Copilot CLI and VS Code's agent (Copilot harness); add copilot-cli and vscode-copilot to the setting skillsmith.hosts.",
    );
  },
);

test('every host chosen: nothing to say; none chosen: every host is left out', { timeout: 10_000 }, () => {
  assert.equal(viewHostsMessage(['codex', 'vscode', 'claude-code', 'vscode-copilot', 'copilot-cli']), undefined);
  assert.equal(
    viewHostsMessage([]),
    "Agents checked: none. Not checked: VS Code's agent, Claude Code, Codex, Copilot CLI and VS Code's agent (Copilot harness); add vscode, claude-code, codex, copilot-cli and vscode-copilot to the setting skillsmith.hosts.",
  );
  assert.equal(andList(['a']), 'a');
  assert.equal(andList([]), '');
});
