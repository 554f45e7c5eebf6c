// The security review of a skill (README.md here): the one way into it from the rest of the
// core. The lint (lint/validateFile.ts) runs its text rules over SKILL.md and reviewSkillFolder
// over what the folder bundles; `add`'s review and the CLI's SARIF ask it how a code is classed.
import type { FileSystem } from '../base/fileSystem';
import type { Problem } from '../base/types';
import { lintBundledFiles, type BundledFileProblems } from './bundledFiles';
import { provenanceProblems } from './provenance';

export type { BundledFileProblems } from './bundledFiles';
export { BINARY_EXTENSION, scriptProblems } from './bundledFiles';
export { markdownProblems } from './referenceCode';
// Other tools' records of an installed skill: verify and add read them too.
export {
  GH_METADATA,
  ghSkillMetadata,
  isNpxSkillsLock,
  NPX_LOCK,
  NPX_SKILLS_LOCK,
  npxSkillsHash,
  OWN_LOCK,
  parseNpxSkillsLock,
  recordsDisagree,
  type SkillRecordOf,
} from './foreignLocks';
export { isQualityCode, isSecurityCode, OWASP_AST_CLASS, QUALITY_SEVERITY, SECURITY_SEVERITY } from './ruleKinds';
export { ruleNoSecrets } from './secretRule';
export { findSecrets, secretMessage } from './secrets';
export { SECURITY_RULES } from './securityRules';

export interface FolderReview {
  /** Problems about the folder, reported on SKILL.md (at its first line). */
  readonly skillProblems: readonly Problem[];
  /** Problems inside the files the skill bundles, at their own ranges. */
  readonly files: readonly BundledFileProblems[];
}

export interface FolderReviewOptions {
  /** sha256 of bytes: with it, the folder is compared with what installers recorded (modified-since-added). */
  readonly digest?: (bytes: Uint8Array) => string;
}

/** Reviews what the skill folder `dir` bundles beside SKILL.md's `text`, and its provenance. */
export async function reviewSkillFolder(
  fs: FileSystem,
  dir: string,
  text: string,
  options: FolderReviewOptions = {},
): Promise<FolderReview> {
  const bundled = await lintBundledFiles(fs, dir, text);
  const provenance = options.digest ? await provenanceProblems(fs, dir, options.digest) : [];
  return { skillProblems: [...bundled.skillProblems, ...provenance], files: bundled.files };
}
