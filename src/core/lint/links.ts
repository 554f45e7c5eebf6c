// broken-link, the only rule that needs the file system: a pure finder of the relative
// paths the body refers to, and an async checker that asks a FileSystem whether they exist.
// It lives apart from the text-only rules because its callers (validate.ts, documentLint.ts)
// run it on its own, after analyzeSkillText, when a file system is at hand. What is not a
// path to check (anchors, URLs, placeholders, calls, ellipses, illustrations) is listed in
// docs/rules.md under broken-link.
import type { FileSystem } from '../base/fileSystem';
import { isInside, normalizePath, resolvePath } from '../base/paths';
import { LineMap } from '../base/textPositions';
import type { Problem, Range } from '../base/types';
import type { Span } from './frontmatter';
import { splitFrontmatter, stripBom } from './frontmatter';
import { ExampleIntroductions, type Construct } from './linkExamples';
import { backtickRunLength, bodyLines, codeSpans, maskSpans } from './markdownCode';
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
  for (const bodyLine of bodyLines(text, lines, bodyStart)) {
    if (bodyLine.kind !== 'text') continue;
    const { line, start } = bodyLine;
    const column = start - lines.lineStarts[line];
    for (const found of scanLine(text.slice(start, bodyLine.end))) {
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
  /** Where the whole construct starts: its first backtick, or the `[` (or `![`) of a link. */
  readonly from: number;
}

/** Candidates of one line outside fences: code spans first, then links in the rest. */
function scanLine(line: string): LineCandidate[] {
  const mayLink = line.includes('](') || line.includes(']:');
  if (!mayLink && !line.includes('`')) return [];
  const spans = codeSpans(line);
  const found: LineCandidate[] = [];
  for (const span of spans) {
    const code = codeSpanPath(line, span);
    if (code) found.push(code);
  }
  const links: Construct[] = [];
  if (mayLink) {
    const masked = maskSpans(line, spans);
    for (const link of inlineLinks(masked)) {
      links.push(link.extent);
      if (link.candidate) found.push(link.candidate);
    }
    found.push(...referenceDefinition(masked));
  }
  const examples = new ExampleIntroductions(line, spans, links);
  return found.filter((c) => !examples.isExample(c.from)).sort((a, b) => a.start - b.start);
}

// A call in a code span: `scripts/lib/x.run(a, b)`, `scripts/lib/prompts.build()`.
const CALL = /^[^\s()]*[\p{L}\p{N}_$]\(.*\)\s*;?$/u;

/**
 * The path without what points into the file: a line (`:12`), a line and a column (`:12:5`)
 * or a line range (`:32-49`). Read from the end, so that a long run of `:1:1:1...` stays linear.
 */
function stripLineSuffix(path: string): string {
  const digitsBefore = (end: number): number => {
    let at = end;
    while (at > 0 && path.charCodeAt(at - 1) >= 48 && path.charCodeAt(at - 1) <= 57) at--;
    return at;
  };
  let end = path.length;
  for (;;) {
    let at = digitsBefore(end);
    if (at === end) break;
    if (path[at - 1] === '-') {
      const first = digitsBefore(at - 1);
      if (first === at - 1) break;
      at = first;
    }
    if (path[at - 1] !== ':') break;
    end = at - 1;
  }
  return path.slice(0, end);
}

/** A path in backticks that starts with scripts/, references/ or assets/. */
function codeSpanPath(line: string, span: Span): LineCandidate | undefined {
  const ticks = backtickRunLength(line, span.start);
  let contentStart = span.start + ticks;
  while (line[contentStart] === ' ') contentStart++;
  if (!BUNDLE_FOLDERS.some((f) => line.startsWith(f, contentStart) || line.startsWith(`./${f}`, contentStart)))
    return undefined;
  const inner = line.slice(span.start + ticks, span.end - ticks);
  if (CALL.test(inner.trim())) return undefined;
  const leading = inner.length - inner.trimStart().length;
  // A command line keeps only its first word; `file:12` points at a line of the file.
  const token = stripLineSuffix(inner.trim().split(/\s/)[0] ?? '');
  const path = token.startsWith('./') ? token.slice(2) : token;
  const folder = BUNDLE_FOLDERS.find((f) => path.startsWith(f));
  if (!folder || path === folder) return undefined;
  const target = cleanTarget(path);
  if (target === undefined) return undefined;
  const start = span.start + ticks + leading;
  return { target, start, end: start + token.length, kind: 'code', from: span.start };
}

/** Inline links `[text](dest)` and `![alt](dest)` of a line: where each is, and its destination when it is one to check. */
function inlineLinks(line: string): { extent: Construct; candidate?: LineCandidate }[] {
  const found: { extent: Construct; candidate?: LineCandidate }[] = [];
  let from = 0;
  // Where the previous link ended: a label is looked for after it only, so the line is read once.
  let previousEnd = 0;
  for (;;) {
    const at = line.indexOf('](', from);
    if (at < 0) break;
    from = at + 2;
    const dest = linkDestination(line, at + 2);
    if (!dest) continue;
    // The next link starts after this destination: rescanning inside it made a long
    // line of `](((` quadratic in time and memory.
    from = dest.end;
    const start = labelStart(line, at, previousEnd) ?? dest.start;
    const end = line[dest.end] === ')' ? dest.end + 1 : dest.end;
    previousEnd = end;
    const target = cleanTarget(dest.text);
    const extent = { start, end };
    found.push(
      target === undefined
        ? { extent }
        : { extent, candidate: { target, start: dest.start, end: dest.end, kind: 'link', from: start } },
    );
  }
  return found;
}

/** The `[` (or `![`) that opens the label closed at `close`, searched back to `limit`. */
function labelStart(line: string, close: number, limit: number): number | undefined {
  let depth = 0;
  for (let i = close; i >= limit; i--) {
    if (line[i] === ']') depth++;
    else if (line[i] === '[' && --depth === 0) return i > 0 && line[i - 1] === '!' ? i - 1 : i;
  }
  return undefined;
}

/** A `[label]: dest` reference definition. */
function referenceDefinition(line: string): LineCandidate[] {
  // `[^1]: text` is a footnote, not a link definition.
  const match = /^( {0,3}\[(?!\^)[^\]]+\]:[ \t]*)(\S+)/.exec(line);
  if (!match) return [];
  const target = cleanTarget(match[2]);
  const start = match[1].length;
  return target === undefined ? [] : [{ target, start, end: start + match[2].length, kind: 'link', from: 0 }];
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
 * in-page anchors, URLs (any scheme, mailto:), absolute paths, template placeholders and
 * ellipses (`scripts/...`, `references/…`). A line suffix (`:12`, `:32-49`) is dropped.
 */
function cleanTarget(raw: string): string | undefined {
  if (raw === '' || raw.startsWith('#') || raw.startsWith('/') || raw.startsWith('\\') || raw.startsWith('~'))
    return undefined;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(raw)) return undefined;
  if (/[{}<>*$]|\.\.\.|…/.test(raw)) return undefined;
  const path = stripLineSuffix(raw.replace(/[#?].*$/, ''));
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
export async function findBrokenLinks(
  candidates: readonly LinkCandidate[],
  skillDir: string,
  fs: FileSystem,
): Promise<Problem[]> {
  const checked = new Map<string, Promise<boolean>>();
  const exists = (path: string): Promise<boolean> => {
    let result = checked.get(path);
    if (!result) {
      result = fs.stat(path).then(
        (s) => s !== undefined,
        () => true,
      );
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
