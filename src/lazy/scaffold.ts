// New Skill's implementation (README.md, "New Skill from templates"): the pickers, the input
// checks, the templates and the writing. Built to dist/lazy/scaffold.js and required when the command first runs
// (src/vscode/scaffold/registerScaffold.ts), so that activation does not carry it.
export { newSkill } from '../vscode/scaffold/newSkill';
