// broken-link, the only rule that needs the file system: a pure finder of the relative
// paths the body refers to, and an async checker that asks a FileSystem whether they exist.
// It lives apart from the text-only rules because its callers (validate.ts, documentLint.ts)
// run it on its own, after analyzeSkillText, when a file system is at hand.
import type { FileSystem } from '../base/fileSystem';
import { isInside, normalizePath, resolvePath } from '../base/paths';
import { LineMap } from '../base/textPositions';
import type { Problem, Range } from '../base/types';
import type { Span } from './frontmatter';
import { splitFrontmatter, stripBom } from './frontmatter';
import { problem } from './ruleSupport';

/** A relative path that the body refers to, with where it is written. */
export interface LinkCandidate {
  /** The relative path to check (fragment and query removed, percent-decoding applied). */
  readonly target: string;
  readonly range: Range;
  /** A markdown link (or reference definition), or a path in backticks. */
  readonly kind: 'link' | 'code';
}

const BUNDLE_FOLDERS = ['scripts/', 'references/', 'assets/'];

/**
 * Relative links and backticked bundle paths in the body of a SKILL.md, outside fenced code.
 * Without a closed frontmatter there is no body to scan (the structural error is the news).
 */
export function findLinkCandidates(text: string): LinkCandidate[] {
  const bomless = stripBom(text).text;
  const lines = new LineMap(bomless);
  const split = splitFrontmatter(bomless, lines);
  return split.kind === 'closed' ? findLinkCandidatesInBody(bomless, lines, split.bodyStart) : [];
}

/** The candidates of findLinkCandidates, for a text whose LineMap is already built. */
export function findLinkCandidatesInBody(text: string, lines: LineMap, bodyStart: number): LinkCandidate[] {
  const candidates: LinkCandidate[] = [];
  let fence: { char: string; length: number } | undefined;
  for (let line = lines.lineAt(bodyStart); line < lines.lineCount; line++) {
    const start = Math.max(lines.lineStarts[line], bodyStart);
    const lineText = text.slice(start, lines.lineContentEnd(line));
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(lineText);
    if (fence) {
      if (marker && marker[1][0] === fence.char && marker[1].length >= fence.length && marker[2].trim() === '') fence = undefined;
      continue;
    }
    if (marker && !(marker[1][0] === '`' && marker[2].includes('`'))) {
      fence = { char: marker[1][0], length: marker[1].length };
      continue;
    }
    const column = start - lines.lineStarts[line];
    for (const found of scanLine(lineText)) {
      const range = { start: { line, character: column + found.start }, end: { line, character: column + found.end } };
      candidates.push({ target: found.target, range, kind: found.kind });
    }
  }
  return candidates;
}

interface LineCandidate {
  readonly target: string;
  readonly start: number;
  readonly end: number;
  readonly kind: 'link' | 'code';
}

/** Candidates of one line outside fences: code spans first, then links in the rest. */
function scanLine(line: string): LineCandidate[] {
  const mayLink = line.includes('](') || line.includes(']:');
  if (!mayLink && !line.includes('`')) return [];
  const spans = line.includes('`') ? codeSpans(line) : [];
  const found: LineCandidate[] = [];
  for (const span of spans) {
    const code = codeSpanPath(line, span);
    if (code) found.push(code);
  }
  if (!mayLink) return found;
  const masked = maskSpans(line, spans);
  found.push(...inlineLinks(masked), ...referenceDefinition(masked));
  return found.sort((a, b) => a.start - b.start);
}

/** Code spans of a line: a run of N backticks up to the next run of exactly N (linear). */
function codeSpans(line: string): Span[] {
  const runs = backtickRuns(line);
  const spans: Span[] = [];
  // For each run, the index of the next run of the same length (or -1).
  const nextSameLength = new Array<number>(runs.length).fill(-1);
  const lastByLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    nextSameLength[i] = lastByLength.get(runs[i].length) ?? -1;
    lastByLength.set(runs[i].length, i);
  }
  let i = 0;
  while (i < runs.length) {
    const close = nextSameLength[i];
    if (close < 0) {
      i++;
      continue;
    }
    spans.push({ start: runs[i].start, end: runs[close].start + runs[close].length });
    i = close + 1;
  }
  return spans;
}

/** The runs of backticks of a line, with their lengths. */
function backtickRuns(line: string): { start: number; length: number }[] {
  const runs: { start: number; length: number }[] = [];
  for (let at = line.indexOf('`'); at >= 0; at = line.indexOf('`', at)) {
    const length = runLength(line, at);
    runs.push({ start: at, length });
    at += length;
  }
  return runs;
}

function runLength(line: string, at: number): number {
  let n = 0;
  while (line[at + n] === '`') n++;
  return n;
}

/** The line with its code spans blanked out (offsets are kept). */
function maskSpans(line: string, spans: readonly Span[]): string {
  if (spans.length === 0) return line;
  const parts: string[] = [];
  let from = 0;
  for (const s of spans) {
    parts.push(line.slice(from, s.start), ' '.repeat(s.end - s.start));
    from = s.end;
  }
  parts.push(line.slice(from));
  return parts.join('');
}

/** A path in backticks that starts with scripts/, references/ or assets/. */
function codeSpanPath(line: string, span: Span): LineCandidate | undefined {
  const ticks = runLength(line, span.start);
  let contentStart = span.start + ticks;
  while (line[contentStart] === ' ') contentStart++;
  if (!BUNDLE_FOLDERS.some((f) => line.startsWith(f, contentStart) || line.startsWith(`./${f}`, contentStart))) return undefined;
  const inner = line.slice(span.start + ticks, span.end - ticks);
  const leading = inner.length - inner.trimStart().length;
  // A command line keeps only its first word; `file:12` points at a line of the file.
  const token = (inner.trim().split(/\s/)[0] ?? '').replace(/(:\d+)+$/, '');
  const path = token.startsWith('./') ? token.slice(2) : token;
  const folder = BUNDLE_FOLDERS.find((f) => path.startsWith(f));
  if (!folder || path === folder || path.includes('...')) return undefined;
  const target = cleanTarget(path);
  if (target === undefined) return undefined;
  const start = span.start + ticks + leading;
  return { target, start, end: start + token.length, kind: 'code' };
}

/** Destinations of `[text](dest)` and `![alt](dest)` in a line. */
function inlineLinks(line: string): LineCandidate[] {
  const found: LineCandidate[] = [];
  let from = 0;
  for (;;) {
    const at = line.indexOf('](', from);
    if (at < 0) break;
    from = at + 2;
    const dest = linkDestination(line, at + 2);
    if (!dest) continue;
    // The next link starts after this destination: rescanning inside it made a long
    // line of `](((` quadratic in time and memory.
    from = dest.end;
    const target = cleanTarget(dest.text);
    if (target !== undefined) found.push({ target, start: dest.start, end: dest.end, kind: 'link' });
  }
  return found;
}

/** A `[label]: dest` reference definition. */
function referenceDefinition(line: string): LineCandidate[] {
  // `[^1]: text` is a footnote, not a link definition.
  const match = /^( {0,3}\[(?!\^)[^\]]+\]:[ \t]*)(\S+)/.exec(line);
  if (!match) return [];
  const target = cleanTarget(match[2]);
  const start = match[1].length;
  return target === undefined ? [] : [{ target, start, end: start + match[2].length, kind: 'link' }];
}

/** The destination after `](`: up to white space or the `)` that balances the parentheses. */
function linkDestination(line: string, from: number): { text: string; start: number; end: number } | undefined {
  let start = from;
  while (line[start] === ' ' || line[start] === '\t') start++;
  if (line[start] === '<') return undefined; // `<...>` destinations are placeholders here
  let depth = 0;
  let end = start;
  for (; end < line.length; end++) {
    const c = line[end];
    if (c === ' ' || c === '\t') break;
    if (c === '(') depth++;
    if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
  }
  return end > start ? { text: line.slice(start, end), start, end } : undefined;
}

/**
 * The path a link destination names, or undefined for what is not a relative path to check:
 * in-page anchors, URLs (any scheme, mailto:), absolute paths and template placeholders.
 */
function cleanTarget(raw: string): string | undefined {
  if (raw === '' || raw.startsWith('#') || raw.startsWith('/') || raw.startsWith('\\') || raw.startsWith('~')) return undefined;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(raw)) return undefined;
  if (/[{}<>*$]/.test(raw)) return undefined;
  const path = raw.replace(/[#?].*$/, '');
  if (path === '') return undefined;
  return percentDecode(path);
}

function percentDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** `broken-link`: the candidates whose target does not exist (resolved against the skill folder). */
export async function findBrokenLinks(candidates: readonly LinkCandidate[], skillDir: string, fs: FileSystem): Promise<Problem[]> {
  const checked = new Map<string, Promise<boolean>>();
  const exists = (path: string): Promise<boolean> => {
    let result = checked.get(path);
    if (!result) {
      result = fs.stat(path).then((s) => s !== undefined, () => true);
      checked.set(path, result);
    }
    return result;
  };
  const root = normalizePath(skillDir);
  const results = await Promise.all(
    candidates.map(async (c) => ({ candidate: c, ok: await exists(resolvePath(root, c.target)) })),
  );
  return results.filter((r) => !r.ok).map((r) => brokenLinkProblem(r.candidate, root));
}

function brokenLinkProblem(candidate: LinkCandidate, root: string): Problem {
  const resolved = resolvePath(root, candidate.target);
  const outside = !isInside(resolved, root);
  const where = outside ? 'outside the skill folder' : "in the skill's folder";
  const message = `'${candidate.target}' does not exist ${where}. Create it, or fix the path.`;
  return problem('broken-link', 'warning', message, candidate.range);
}
