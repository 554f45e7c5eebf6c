// Which paths of a line are illustrations rather than references (docs/rules.md,
// broken-link): a path that "e.g." or "such as" introduces names a kind of file, not a file
// the skill bundles, so links.ts does not check it. Kept apart from links.ts, which finds
// the paths, because deciding this needs its own bounded look-back over the line.

/** A code span or an inline link, from its first to its last character. */
export interface Construct {
  readonly start: number;
  readonly end: number;
}

// "e.g." (also "e.g.,", "E.g.", "e. g.", "e.g") or "such as", at the end of the text before a path.
const EXAMPLE_INTRODUCER = /[^\p{L}\p{N}.](?:e\.\s?g\.?|such as)[,:]?$/iu;
const LIST_SEPARATOR = /(?:,|\bor|\band)$/i;
/** Markdown emphasis and white space between an introducer and what it introduces. */
const TRAILING_EMPHASIS = /[ \t*_]+$/;
/** How much text before a construct can hold an introducer, emphasis and a separator. */
const LOOK_BACK = 32;

/**
 * Which constructs of a line are illustrations, not references: "e.g." or "such as" stands
 * just before them, or before a list of code spans and links that they belong to ("e.g.
 * `references/aws.md`, `references/gcp.md`"). Each construct is decided once, so a long line
 * of links stays linear.
 */
export class ExampleIntroductions {
  private readonly byEnd = new Map<number, Construct>();
  /** Links, by start: a code span inside a label is introduced by what precedes the link. */
  private readonly links: readonly Construct[];
  private readonly decided = new Map<number, boolean>();

  /** `spans` are the line's code spans and `links` its inline links, each in line order. */
  constructor(
    private readonly line: string,
    spans: readonly Construct[],
    links: readonly Construct[],
  ) {
    for (const c of [...spans, ...links]) this.byEnd.set(c.end, c);
    this.links = links;
  }

  isExample(from: number): boolean {
    // Walk back through the list that `from` ends, then decide every construct on the way at once.
    const chain: number[] = [];
    let start = this.enclosingLinkStart(from);
    let result: boolean | undefined;
    for (;;) {
      const known = this.decided.get(start);
      if (known !== undefined) {
        result = known;
        break;
      }
      chain.push(start);
      const windowStart = Math.max(0, start - LOOK_BACK);
      const before = this.line.slice(windowStart, start).replace(TRAILING_EMPHASIS, '');
      // At the line's start, a space stands for the boundary before the introducer.
      if (EXAMPLE_INTRODUCER.test(windowStart === 0 ? ` ${before}` : before)) {
        result = true;
        break;
      }
      const separator = LIST_SEPARATOR.exec(before);
      const item =
        separator &&
        this.byEnd.get(windowStart + before.slice(0, separator.index).replace(TRAILING_EMPHASIS, '').length);
      if (!item) {
        result = false;
        break;
      }
      start = this.enclosingLinkStart(item.start);
    }
    for (const s of chain) this.decided.set(s, result);
    return result;
  }

  /** The start of the link whose label holds `from`, or `from` itself. */
  private enclosingLinkStart(from: number): number {
    let low = 0;
    let high = this.links.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.links[mid].start < from) low = mid + 1;
      else high = mid;
    }
    const link = this.links[low - 1];
    return link && from < link.end ? link.start : from;
  }
}
