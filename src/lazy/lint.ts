// The complete lint of SKILL.md (dist/lazy/lint.js): the text rules with the security rules,
// links and the bundled files, and the o200k_base counter for body-too-many-tokens. The catalog
// scan needs none of it (its scope is the catalog's), so activation does not load it; the
// first open SKILL.md or the background validation after the scan does.
export { lintSkillDocument } from '../vscode/lint/documentLint';
export { validateSkillFile } from '../core/lint/validateFile';
export { validateSkillFiles } from '../core/validate/validateFiles';
export { countO200kTokensUpTo } from '../node/o200k';
export { sha256Digest } from '../node/sha256';
