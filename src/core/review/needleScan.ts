// Which groups of needles a text holds, found in one scan of it rather than one `includes` per
// needle: the command-risk rules ask this of every line of every script (commandRisks.ts).

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

export class NeedleScan {
  /** Every needle, longest first: at a place in the text, the alternation takes the longest that matches there. */
  private readonly scan: RegExp | undefined;
  /** For each needle, the groups a text holding it has: its own and those of the needles that begin it. */
  private readonly groupsOf = new Map<string, readonly number[]>();

  constructor(groups: readonly (readonly string[])[]) {
    const needles = [...new Set(groups.flat())].filter((n) => n !== '').sort((a, b) => b.length - a.length);
    this.scan = needles.length > 0 ? new RegExp(needles.map(escapeRegExp).join('|'), 'g') : undefined;
    for (const needle of needles) {
      const holding: number[] = [];
      groups.forEach((group, i) => {
        if (group.some((other) => other !== '' && needle.startsWith(other))) holding.push(i);
      });
      this.groupsOf.set(needle, holding);
    }
  }

  /**
   * The indices, ascending, of the groups with a needle somewhere in `text`: the same as
   * `groups.filter((g) => g.some((n) => text.includes(n)))`. The scan restarts one place after
   * each match, so needles that overlap are all seen; needles that start at the same place are
   * prefixes of the longest one, which stands for them.
   */
  groupsIn(text: string): number[] {
    const scan = this.scan;
    if (!scan) return [];
    const found = new Set<number>();
    scan.lastIndex = 0;
    for (let match = scan.exec(text); match; match = scan.exec(text)) {
      for (const group of this.groupsOf.get(match[0])!) found.add(group);
      scan.lastIndex = match.index + 1;
    }
    return [...found].sort((a, b) => a - b);
  }

  /**
   * For each text, whether it holds a needle once lower-cased (`groupsIn(text.toLowerCase())`
   * is not empty), in one scan of them all: a file's lines are many calls' worth of set-up,
   * and most of them hold none. A needle never holds a line break, so the texts are joined by
   * one (`joined`, when the caller has it); when lower-casing changes a length (İ), they are
   * asked one by one.
   */
  holders(texts: readonly string[], joined = texts.join('\n')): boolean[] {
    const scan = this.scan;
    if (!scan) return texts.map(() => false);
    const lower = joined.toLowerCase();
    if (lower.length !== joined.length) return texts.map((text) => this.groupsIn(text.toLowerCase()).length > 0);
    const holds = texts.map(() => false);
    let line = 0;
    let lineEnd = texts.length > 0 ? texts[0].length : 0;
    scan.lastIndex = 0;
    for (let match = scan.exec(lower); match; match = scan.exec(lower)) {
      while (match.index > lineEnd) lineEnd += 1 + texts[++line].length;
      holds[line] = true;
      // The rest of this text no longer matters.
      scan.lastIndex = lineEnd + 1;
    }
    return holds;
  }
}
