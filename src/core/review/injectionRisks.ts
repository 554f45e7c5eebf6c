// Prompt injection in a skill's instructions (docs/rules.md, "Security"): telling the model
// to ignore what it was told before, to hide what it does from the user, or to act without
// the user's confirmation. Read in the prose of the body and the description, never in code,
// and never inside quotation marks: a skill that warns about "ignore previous instructions"
// quotes it. "Never … without confirmation" is the opposite of skipping one, and is left alone.
import type { ProblemCode } from '../base/types';

export interface InjectionRisk {
  readonly code: ProblemCode;
  readonly start: number;
  readonly end: number;
  readonly what: string;
}

interface Phrase {
  readonly code: ProblemCode;
  readonly what: string;
  readonly pattern: RegExp;
}

const PHRASES: readonly Phrase[] = [
  {
    code: 'prompt-override',
    what: 'tells the model to ignore its other instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|other|system|original|safety)\s+(?:instructions|prompts?|rules|directions|guidelines|guardrails|messages)\b/gi,
  },
  {
    code: 'prompt-override',
    what: 'tells the model to ignore its other instructions',
    pattern:
      /\b(?:pay\s+no\s+attention\s+to|(?:forget|disregard|ignore)\s+(?:everything|anything|all))\s+(?:that\s+|what\s+)?(?:you\s+(?:were|have\s+been|'ve\s+been)\s+(?:told|given|instructed)|(?:came|comes)\s+before)\b|\b(?:the\s+)?(?:previous|prior|above|earlier)\s+instructions\s+(?:no\s+longer\s+apply|are\s+(?:void|cancelled|canceled|obsolete))\b/gi,
  },
  {
    code: 'prompt-override',
    what: 'tells the model to ignore its other instructions',
    pattern:
      /\byou\s+(?:are\s+no\s+longer\s+bound\s+by|no\s+longer\s+have\s+to\s+follow|must\s+not\s+follow)\s+(?:any\s+|the\s+|your\s+)?(?:previous|prior|system|safety|other)\b/gi,
  },
  {
    code: 'conceal-from-user',
    what: 'tells the model to hide what it does from the user',
    pattern:
      /\b(?:hide|conceal|keep)\s+(?:this|it|these|that|them|the|your|all|any)(?:\s+\w+){0,2}?\s+(?:secret\s+|hidden\s+)?from\s+the\s+user\b/gi,
  },
  {
    code: 'conceal-from-user',
    what: 'tells the model to hide what it does from the user',
    pattern: /\bwithout\s+(?:telling|informing|notifying|alerting|showing)\s+the\s+user\b/gi,
  },
  {
    code: 'conceal-from-user',
    what: 'tells the model to hide what it does from the user',
    pattern:
      /\b(?:do\s+not|don't|never)\s+(?:tell|inform|notify|alert|let)\s+the\s+user\s+(?:know\s+)?(?:that\s+you|what\s+you|about\s+(?:this|these|it|that)\b)/gi,
  },
  {
    code: 'conceal-from-user',
    what: 'tells the model to hide what it does from the user',
    pattern:
      /\b(?:do\s+not|don't|never)\s+(?:mention|reveal|disclose|show)\s+(?:this|these|that)\s+(?:instructions?|steps?|commands?|actions?)\s+to\s+the\s+user\b/gi,
  },
  {
    code: 'conceal-from-user',
    what: 'tells the model to act covertly',
    pattern:
      /\b(?:secretly|covertly|stealthily)\s+(?:run|execute|send|upload|install|delete|copy|modify|collect|read)\b/gi,
  },
  {
    code: 'skip-confirmation',
    what: "tells the model to act without the user's confirmation",
    pattern:
      /\b(?:proceed|continue|act|apply|run|execute|install|delete|push|deploy|commit)\b(?:\s+\w+){0,3}\s+without\s+(?:asking(?:\s+the\s+user)?(?:\s+for)?\s*(?:confirmation|permission|approval)?|(?:the\s+user's\s+)?(?:confirmation|approval|permission|consent))\b/gi,
  },
  {
    code: 'skip-confirmation',
    what: 'tells the model not to ask for confirmation',
    pattern: /\b(?:do\s+not|don't|never)\s+ask\s+(?:the\s+user\s+)?(?:for\s+)?(?:confirmation|permission|approval)\b/gi,
  },
  {
    code: 'skip-confirmation',
    what: "turns off the agent's confirmations",
    pattern:
      /(?:--dangerously-skip-permissions|--yolo\b|--allow-all-tools\b|\b(?:skip|bypass|disable)\s+(?:the\s+|all\s+)?(?:confirmation|approval|permission)\s+(?:prompts?|checks?|dialogs?|steps?)\b)/gi,
  },
];

/** Every phrase holds one of these: text without any is skipped at once (the rule tests the whole body first). */
export const TRIGGERS =
  /ignore|disregard|forget|overrid|bypass|attention|instructions|hid(?:e|den)|conceal|without\s+(?:tell|inform|notif|alert|show|ask|the user|confirm|approv|permiss|consent)|secretly|covertly|stealthily|(?:not|n't|never)\s+(?:tell|inform|notify|alert|let|mention|reveal|disclose|show|ask)|skip|dangerously|yolo|allow-all-tools|disable/i;

/** Quoted stretches of a line (straight and curly double quotes, and guillemets): a quoted phrase is an example, not an instruction. */
function quotedSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const match of line.matchAll(/"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|「[^」\n]*」/g))
    spans.push([match.index, match.index + match[0].length]);
  return spans;
}

/** Phrases of prompt injection in one line of prose (code spans already blanked out). */
export function findInjectionRisks(line: string): InjectionRisk[] {
  const found: InjectionRisk[] = [];
  const lower = line.toLowerCase();
  if (!TRIGGERS.test(lower)) return found;
  const quoted = quotedSpans(line);
  for (const phrase of PHRASES) {
    phrase.pattern.lastIndex = 0;
    for (const match of line.matchAll(phrase.pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (quoted.some(([a, b]) => a <= start && end <= b)) continue;
      // "Never push without approval": a rule that keeps confirmations, not one that skips them.
      if (
        phrase.code === 'skip-confirmation' &&
        /\b(?:never|do\s+not|don't|must\s+not|should\s+not|avoid)\b[^.;:]*$/i.test(
          line.slice(Math.max(0, start - 40), start),
        )
      )
        continue;
      if (phrase.code === 'skip-confirmation' && /\b(?:never|not|no)\b/i.test(match[0]) && /without/i.test(match[0]))
        continue;
      found.push({ code: phrase.code, start, end, what: phrase.what });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
