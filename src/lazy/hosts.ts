// The host verdicts' engine (docs/hosts.md): the profiles' rules, each host's listing arithmetic,
// the incremental judge, the host-compat findings and the Move fix's link rewriting
// (src/core/hosts/engine.ts, which any feature loads through src/vscode/hostsModule.ts), and the
// hosts feature's host-compat problems and its Link Skill command (loaded by
// src/vscode/hosts/registerHosts.ts). Required on first use, which is after the first scan:
// activation and the main bundle do not carry it.
export * from '../core/hosts/engine';
export { hostCompatFeature } from '../vscode/hosts/hostCompatFeature';
export { linkSkillCommand } from '../vscode/hosts/linkSkillCommand';
