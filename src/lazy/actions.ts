// The actions feature's implementation (docs/actions.md): the JSON Schema validator, the
// executor, the input form, the run-action tool, secrets, approvals for agents, the actions.json lint and lenses.
// Built to dist/lazy/actions.js and required on first use (src/vscode/actions/registerActions.ts),
// so that activation and the main bundle stay as lean as without actions.
export { codeLenses } from '../vscode/actions/codeLens';
export { lintDocument, quickFixes } from '../vscode/actions/actionsDiagnostics';
export { invokeTool, prepareToolInvocation } from '../vscode/actions/runTool';
export { runActionCommand } from '../vscode/actions/runActionCommand';
export { deleteSecret, setSecret } from '../vscode/actions/secretCommands';
export { approveActionCommand, revokeActionApproval, showActionApprovals } from '../vscode/actions/approvalCommands';
