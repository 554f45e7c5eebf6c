// Literal credentials in a skill's files (docs/actions.md, `secret-in-skill`): known token
// prefixes (GitHub, OpenAI and Anthropic, Slack, AWS, Google, GitLab, npm, private keys) and
// `api_key: "…"` style assignments with a real-looking value. A skill is shared text; a
// secret belongs in the secret store and reaches an action through its environment.

export interface SecretFinding {
  /** Offsets of the credential itself in the text. */
  readonly start: number;
  readonly end: number;
  /** What it looks like: "a GitHub token". */
  readonly kind: string;
}

const TOKENS: readonly (readonly [RegExp, string])[] = [
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, 'a GitHub token'],
  [/\bgithub_pat_[A-Za-z0-9_]{40,}\b/g, 'a GitHub token'],
  [/\bsk-ant-[A-Za-z0-9_-]{20,}/g, 'an Anthropic API key'],
  [/\bsk-(?!ant-)(?:proj-)?[A-Za-z0-9_-]{20,}/g, 'an OpenAI API key'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}/g, 'a Slack token'],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, 'an AWS access key'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/g, 'a Google API key'],
  [/\bglpat-[A-Za-z0-9_-]{20,}/g, 'a GitLab token'],
  [/\bnpm_[A-Za-z0-9]{36}\b/g, 'an npm token'],
  [/-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/g, 'a private key'],
];

// `api_key: "value"`, `"apiKey": "value"`, `PASSWORD='value'`: the quoted value is the finding.
const ASSIGNMENT = /\b["']?(?:api[_-]?key|apikey|api[_-]?token|access[_-]?token|auth[_-]?token|secret[_-]?key|client[_-]?secret|password|passwd)["']?\s*[:=]\s*(["'])([^"'\s]{8,})\1/gi;

/** Values that are plainly not real: placeholders, templates, masks, runs of one character. */
function isPlaceholder(value: string): boolean {
  return /[<>{}$*]|\.\.\.|…|your|example|sample|changeme|placeholder|redacted|dummy|secret_here|token_here/i.test(value) || /(.)\1{5,}/.test(value);
}

/** Every literal credential in `text`, in order. */
export function findSecrets(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const [pattern, kind] of TOKENS) {
    for (const match of text.matchAll(pattern)) {
      if (kind !== 'a private key' && isPlaceholder(match[0])) continue;
      found.push({ start: match.index!, end: match.index! + match[0].length, kind });
    }
  }
  for (const match of text.matchAll(ASSIGNMENT)) {
    const value = match[2];
    if (isPlaceholder(value) || found.some((f) => f.start >= match.index! && f.start < match.index! + match[0].length)) continue;
    const start = match.index! + match[0].lastIndexOf(value);
    found.push({ start, end: start + value.length, kind: 'a literal credential' });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The message of a `secret-in-skill` problem. */
export function secretMessage(kind: string): string {
  return `This looks like ${kind}. A skill is shared text: keep secrets out of it. Declare the variable in the action's "secrets" in actions.json and set its value with 'Skills: Set Action Secret' (the CLI reads it from the environment).`;
}
