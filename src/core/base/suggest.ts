// "Did you mean …?" for unknown skill names and file paths (docs/tools.md).

/** Edit distance between two strings (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}

/** The candidates closest to `wanted`, best first: substrings, then small edit distances. */
export function closestMatches(wanted: string, candidates: Iterable<string>, max = 3): string[] {
  const needle = wanted.toLowerCase();
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    const distance = editDistance(needle, hay);
    const contains = needle.length >= 3 && (hay.includes(needle) || needle.includes(hay));
    const threshold = Math.max(2, Math.floor(Math.max(needle.length, hay.length) / 3));
    if (contains || distance <= threshold) scored.push({ candidate, score: contains ? distance / 4 : distance });
  }
  scored.sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate));
  return scored.slice(0, max).map((s) => s.candidate);
}

/** A sentence naming the suggestions, or undefined when there are none. */
export function didYouMean(matches: readonly string[]): string | undefined {
  if (matches.length === 0) return undefined;
  return `Did you mean ${matches.map((m) => `'${m}'`).join(' or ')}?`;
}
