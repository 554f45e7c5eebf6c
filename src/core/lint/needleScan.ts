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
}
