// The command risks in the code of a bundled Markdown file (docs/rules.md, "Security"): a
// reference the model may be told to follow. Code the text shows as an attack or a mistake (by
// its comments, its lead-in paragraph or its headings), code in a table, and code that fetches
// from a reserved example host, is not a command.
import { LineMap } from '../base/textPositions';
import type { Problem } from '../base/types';
import { findCodeRisks } from './commandRisks';
import { riskMessage } from './riskMessage';
import { markdownCodeSegments, securitySeverity, withAstClass } from './securityRules';

/**
 * Words around code that quotes what to detect rather than what to run: a reference that
 * catalogues attacks (a security review's "malicious postinstall", a scanner's patterns).
 */
const QUOTED_ATTACK =
  /\b(?:attack(?:er|ers|s)?|malicious|exploit(?:s|ed|ation)?|payloads?|dangerous|vulnerab\w*|steal\w*|theft|exfiltrat\w*|backdoors?|pwn\w*|threats?|evil|compromised?|red flags?|detect\w*|bad|insecure|unsafe|risky|never|don't|do not|avoid|anti-?patterns?|injection|unvalidated|without validation|pitfalls?|foot-?guns?|sharp edges?|wrong|incorrect|mistakes?)\b|❌|⚠/i;
/** Reserved example hosts (RFC 2606): code that fetches from them is a placeholder, not a command to run. */
const PLACEHOLDER_HOST = /\bhttps?:\/\/(?:[\w-]+\.)*example\.(?:com|org|net)\b/i;
/** How many lines above a piece of code are read for that context (a fenced block's opening, its lead-in). */
const CONTEXT_LINES = 8;

/** The lines inside fenced code blocks (the fences included) of a Markdown text. */
function fencedLines(content: string): Set<number> {
  const inside = new Set<number>();
  let fence: string | undefined;
  content.split('\n').forEach((text, line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === undefined && marker) fence = marker;
    else if (fence !== undefined && marker?.startsWith(fence[0]) && marker.length >= fence.length) {
      inside.add(line);
      fence = undefined;
      return;
    }
    if (fence !== undefined) inside.add(line);
  });
  return inside;
}

/**
 * The command risks in the code of a bundled Markdown file (a reference the model may be told
 * to follow: `curl … | sh` in its install steps). Code shown as an attack or a mistake (by the
 * words around it, or its heading), and code in a table (which describes), is not a command.
 */
export function markdownProblems(content: string): Problem[] {
  const lines = new LineMap(content);
  const lineText = (line: number) => content.slice(lines.lineStarts[line], lines.lineContentEnd(line));
  // Inside a fence only a comment speaks about the code: a string it prints or sends (a prompt
  // that names "vulnerabilities") is what the code does, not what the skill says of it.
  const fenced = fencedLines(content);
  const context = (line: number): string => {
    const text = lineText(line);
    return fenced.has(line) ? (/(?:^|\s)(?:#|\/\/|REM\s)(.*)$/.exec(text)?.[1] ?? '') : text;
  };
  const quoted = (offset: number): boolean => {
    const at = lines.lineAt(offset);
    if (/^\s*\|/.test(lineText(at))) return true;
    // The code's own comments, then its lead-in: the paragraph just above it. A warning further
    // up, under another heading or about another block, is not about this code.
    let line = at;
    const floor = Math.max(0, at - CONTEXT_LINES);
    for (; line >= floor && fenced.has(line); line--) if (QUOTED_ATTACK.test(context(line))) return true;
    let prose = false;
    for (; line >= floor && !fenced.has(line); line--) {
      const text = lineText(line);
      if (text.trim() === '') {
        if (prose) break;
        continue;
      }
      if (QUOTED_ATTACK.test(text)) return true;
      if (/^#{1,6}\s/.test(text)) break;
      prose = true;
    }
    // Its headings, the section's and each one above it: a page titled "Dangerous Code Patterns"
    // shows attacks in every section. A `#` comment inside a fence is not a heading.
    let level = 7;
    for (let line = at; line >= 0 && level > 1; line--) {
      const heading = fenced.has(line) ? undefined : /^(#{1,6})\s/.exec(lineText(line));
      if (!heading || heading[1].length >= level) continue;
      if (QUOTED_ATTACK.test(lineText(line))) return true;
      level = heading[1].length;
    }
    return false;
  };
  const segments = markdownCodeSegments(content, lines);
  const found = findCodeRisks(segments.map((s) => s.text));
  return segments.flatMap(({ start, text: code }, at) => {
    const risks = found[at];
    if (risks.length === 0 || PLACEHOLDER_HOST.test(code) || quoted(start)) return [];
    return risks.map((risk) => {
      const shown = code.slice(risk.start, risk.end);
      return withAstClass({
        code: risk.code,
        severity: securitySeverity(risk.code),
        message: riskMessage("This file's code", risk, shown),
        range: lines.rangeOf(start + risk.start, start + risk.end),
      });
    });
  });
}
