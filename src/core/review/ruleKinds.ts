// Which rules are security rules and which are quality rules, with their severities and OWASP
// classes (docs/rules.md). Apart from the rules themselves, so that what only counts findings
// (the status bar, the Skills view) does not load the lint.
import type { Problem, ProblemCode, Severity } from '../base/types';

/** The severity of each security rule, from its precision on the corpora (docs/rules.md). */
export const SECURITY_SEVERITY: Readonly<Partial<Record<ProblemCode, Severity>>> = {
  'hidden-characters': 'warning',
  'hidden-comment': 'warning',
  'hidden-whitespace': 'warning',
  'name-homoglyph': 'warning',
  'download-exec': 'warning',
  'destructive-delete': 'warning',
  'reverse-shell': 'warning',
  'obfuscated-exec': 'warning',
  'world-writable': 'warning',
  'tls-verification-off': 'warning',
  'credential-access': 'warning',
  exfiltration: 'warning',
  'prompt-override': 'warning',
  'conceal-from-user': 'warning',
  'skip-confirmation': 'info',
};

/**
 * The quality rules of a skill's folder and body: how well it is written for the model, not
 * whether it is safe. The review shows them apart, and `add` never asks for the security
 * confirmation on them (docs/rules.md).
 */
export const QUALITY_SEVERITY: Readonly<Partial<Record<ProblemCode, Severity>>> = {
  'body-too-many-tokens': 'info',
  'unreferenced-file': 'warning',
  'nested-reference': 'warning',
  'unmentioned-binary': 'warning',
};

/**
 * The class of each security rule in the OWASP Agentic Skills Top 10 (AST01–AST10, the OWASP
 * project www-project-agentic-skills-top-10; docs/rules.md): every security finding names it.
 */
export const OWASP_AST_CLASS: Readonly<Partial<Record<ProblemCode, string>>> = {
  'hidden-characters': 'AST01 Malicious Skills',
  'hidden-comment': 'AST01 Malicious Skills',
  'hidden-whitespace': 'AST01 Malicious Skills',
  'name-homoglyph': 'AST04 Insecure Metadata',
  'download-exec': 'AST02 Supply Chain Compromise',
  'destructive-delete': 'AST03 Over-Privileged Skills',
  'reverse-shell': 'AST01 Malicious Skills',
  'obfuscated-exec': 'AST01 Malicious Skills',
  'world-writable': 'AST03 Over-Privileged Skills',
  'tls-verification-off': 'AST02 Supply Chain Compromise',
  'credential-access': 'AST03 Over-Privileged Skills',
  exfiltration: 'AST01 Malicious Skills',
  'prompt-override': 'AST01 Malicious Skills',
  'conceal-from-user': 'AST01 Malicious Skills',
  'skip-confirmation': 'AST06 Weak Isolation',
};

/** The problem with its OWASP class at the end of its message (a security finding), or as it is. */
export function withAstClass(problem: Problem): Problem {
  const cls = OWASP_AST_CLASS[problem.code];
  return cls ? { ...problem, message: `${problem.message} [OWASP ${cls}]` } : problem;
}

/** Whether a finding is a security rule's (not a quality rule's, nor the format's). */
export function isSecurityCode(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(SECURITY_SEVERITY, code);
}

/** Whether a finding is a quality rule's. */
export function isQualityCode(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(QUALITY_SEVERITY, code);
}

export function securitySeverity(code: ProblemCode): Severity {
  return SECURITY_SEVERITY[code] ?? QUALITY_SEVERITY[code] ?? 'warning';
}
