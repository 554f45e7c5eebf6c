// The shared vocabulary of the skill engine (docs/). Pure data types only.

export type Severity = 'error' | 'warning' | 'info';

/** Zero-based line, and character offset in UTF-16 code units (as VS Code counts). */
export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

/** Every problem code of docs/rules.md. */
export type ProblemCode =
  | 'no-skill-file'
  | 'no-frontmatter'
  | 'unclosed-frontmatter'
  | 'yaml-syntax'
  | 'frontmatter-not-mapping'
  | 'name-missing'
  | 'name-format'
  | 'name-too-long'
  | 'name-mismatch'
  | 'description-missing'
  | 'description-too-long'
  | 'compatibility-too-long'
  | 'field-type'
  | 'file-name-case'
  | 'duplicate-name'
  | 'unknown-field'
  | 'bom'
  | 'description-xml'
  | 'reserved-name'
  | 'body-empty'
  | 'body-too-long'
  | 'broken-link'
  | 'dollar-argument'
  // actions.json and credentials (docs/actions.md)
  | 'actions-invalid'
  | 'action-run-missing'
  | 'action-duplicate'
  | 'action-schema-invalid'
  | 'secret-in-skill'
  // Routing (docs/routing.md): eval files, and descriptions that measured routing confuses.
  | 'eval-syntax'
  | 'eval-case-invalid'
  | 'eval-unknown-skill'
  | 'eval-set-too-small'
  | 'eval-set-no-negatives'
  | 'eval-set-no-near-miss'
  | 'description-overlap'
  // Security and quality (docs/rules.md, "Security"): never errors.
  | 'hidden-characters'
  | 'hidden-comment'
  | 'hidden-whitespace'
  | 'name-homoglyph'
  | 'download-exec'
  | 'destructive-delete'
  | 'reverse-shell'
  | 'obfuscated-exec'
  | 'world-writable'
  | 'tls-verification-off'
  | 'credential-access'
  | 'exfiltration'
  | 'prompt-override'
  | 'conceal-from-user'
  | 'skip-confirmation'
  | 'body-too-many-tokens'
  | 'unreferenced-file'
  | 'nested-reference'
  | 'unmentioned-binary'
  | 'not-fully-reviewed'
  // Provenance (docs/install.md).
  | 'modified-since-added';

/** A replacement of the text in `range` (positions in the BOM-less text). */
export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

/**
 * A quick fix the core can compute from the text alone. `removeBom` fixes cannot be
 * expressed as a text edit (editors hide the BOM), so they are flagged instead.
 */
export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  readonly removeBom?: boolean;
  readonly isPreferred?: boolean;
}

export interface Problem {
  readonly code: ProblemCode;
  readonly severity: Severity;
  readonly message: string;
  readonly range: Range;
  readonly fixes?: readonly Fix[];
}

/** What a SKILL.md says about itself, as read from its text (no file system involved). */
export interface SkillFileAnalysis {
  /** The parsed `name` as a string, when present and a scalar. */
  readonly name: string | undefined;
  /** The range of the `name` value (or of the opening fence when there is none). */
  readonly nameRange?: Range;
  /** The parsed `description` as a string, when present and a scalar. */
  readonly description: string | undefined;
  /**
   * What the `description` field holds: nothing (`absent`), no value (`null`: `description:`),
   * text, or something else (a list, a mapping). Agents tell these apart (docs/hosts.md).
   */
  readonly descriptionKind?: 'absent' | 'null' | 'text' | 'other';
  /**
   * The frontmatter's YAML text, kept only when it is not valid YAML: a host may read it
   * anyway (docs/hosts.md, `repairsPlainColons`).
   */
  readonly invalidYaml?: string;
  /** The parsed frontmatter mapping, or undefined when it could not be read. */
  readonly frontmatter: Readonly<Record<string, unknown>> | undefined;
  /** True when `disable-model-invocation: true`: hidden from the model's listing. */
  readonly hidden: boolean;
  /** The text started with a UTF-8 BOM (stripped before positions were computed). */
  readonly hasBom: boolean;
  /** Problems found in the text, sorted by position. */
  readonly problems: readonly Problem[];
  /** UTF-16 offset (in the BOM-less text) where the body starts, or undefined. */
  readonly bodyOffset: number | undefined;
  /** Zero-based line where the body starts, or undefined. */
  readonly bodyLine: number | undefined;
  /** False when only the head of the file was given: body rules were skipped. */
  readonly complete: boolean;
}

export interface AnalyzeOptions {
  /** The folder that holds the SKILL.md (its name must equal `name`). */
  readonly folderName: string;
  /** The file's own name, to check its case (`SKILL.md`). Defaults to SKILL.md. */
  readonly fileName?: string;
  /** Names follow the agentskills.io Unicode profile instead of ASCII kebab-case. */
  readonly unicodeNames?: boolean;
  /** False when `text` is only the head of a larger file. Defaults to true. */
  readonly complete?: boolean;
  /** Set when the caller knows the bytes start with a BOM that `text` no longer has. */
  readonly hasBom?: boolean;
  /**
   * 'catalog': only what the catalog needs (every error, the frontmatter's warnings), as a
   * scan of thousands of files asks; 'full' (the default): every rule.
   */
  readonly scope?: 'full' | 'catalog';
  /** False only to compare with the `yaml`-only path (see lint/plainFrontmatter.ts). */
  readonly plainFastPath?: boolean;
  /**
   * Counts o200k_base tokens (body-too-many-tokens); it may stop counting past `limit`. The
   * tokenizer is a bundle of its own (src/node/o200k.ts): without it, the rule does not run.
   */
  readonly countTokens?: (text: string, limit: number) => number;
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** Problems sorted by start position; the sort is stable, so equal positions keep their order. */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}
