// The shapes of a parsed frontmatter field, shared by the `yaml` path (frontmatter.ts) and the
// fast path for plain `key: value` lines (plainFrontmatter.ts), so that neither imports the other.

/** A stretch of the BOM-less text, as string offsets (end excluded). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export type ValueKind = 'scalar' | 'null' | 'mapping' | 'sequence' | 'alias';

/** A frontmatter value, reduced to what the rules need. */
export interface FieldValue {
  readonly kind: ValueKind;
  /** A scalar as a string: its source text when YAML would read a number or a boolean. */
  readonly text: string | undefined;
  /** How a scalar is written. */
  readonly style: 'plain' | 'single-quoted' | 'double-quoted' | 'block' | undefined;
  /** The value itself, without trailing comments or line breaks. */
  readonly span: Span;
}

/** One top-level `key: value` of the frontmatter. */
export interface FrontmatterField {
  readonly key: string;
  readonly keySpan: Span;
  readonly value: FieldValue;
}
