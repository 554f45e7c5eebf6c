// Literal credentials in a skill's files (docs/actions.md, `secret-in-skill`): known token
// prefixes (GitHub, OpenAI and Anthropic, Slack, AWS, Google, GitLab, npm, private keys) and
// `api_key: "…"` style assignments whose value looks drawn at random. A skill is shared text; a
// secret belongs in the secret store and reaches an action through its environment.

export interface SecretFinding {
  /** Offsets of the credential itself in the text. */
  readonly start: number;
  readonly end: number;
  /** What it looks like: "a GitHub token". */
  readonly kind: string;
}

// Each pattern with the literal text every match contains: a pattern runs only on a text that
// holds one of them, since every skill file is checked during a scan (found in a profile).
const TOKENS: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, 'a GitHub token', ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_']],
  [/\bgithub_pat_[A-Za-z0-9_]{40,}\b/g, 'a GitHub token', ['github_pat_']],
  [/\bsk-ant-[A-Za-z0-9_-]{20,}/g, 'an Anthropic API key', ['sk-ant-']],
  [/\bsk-(?!ant-)(?:proj-)?[A-Za-z0-9_-]{20,}/g, 'an OpenAI API key', ['sk-']],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}/g, 'a Slack token', ['xox']],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, 'an AWS access key', ['AKIA', 'ASIA']],
  [/\bAIza[0-9A-Za-z_-]{35}\b/g, 'a Google API key', ['AIza']],
  [/\bglpat-[A-Za-z0-9_-]{20,}/g, 'a GitLab token', ['glpat-']],
  [/\bnpm_[A-Za-z0-9]{36}\b/g, 'an npm token', ['npm_']],
  [/-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/g, 'a private key', ['-----BEGIN ']],
];

// `api_key: "value"`, `"apiKey": "value"`, `PASSWORD='value'`: the quoted value is the finding.
// A quoted value after `:` or `=` is rare, so it is found first and the key checked before it.
const QUOTED_VALUE = /[:=]\s*(["'])([^"'\s]{8,})\1/g;
const KEY_BEFORE =
  /(?:^|[^A-Za-z0-9_])["']?(api[_-]?key|apikey|api[_-]?token|access[_-]?token|auth[_-]?token|secret[_-]?key|client[_-]?secret|password|passwd)["']?\s*$/i;
/** Enough text before a value to hold its key (with quotes and spaces) and the character before it. */
const KEY_WINDOW = 64;

/**
 * Values that are plainly not real: placeholders, templates, masks, runs of one character, and
 * counting runs (`1234567890abcdef`): five in a row come by chance in about one random
 * 40-character key of 300,000.
 */
function isPlaceholder(value: string): boolean {
  return (
    /[<>{}$*]|\.\.\.|…|your|example|sample|changeme|placeholder|redacted|dummy|secret_here|token_here/i.test(value) ||
    /(.)\1{5,}/.test(value) ||
    COUNTING_RUN.test(value)
  );
}

/** Five digits or letters counting up (`12345`, `cdefg`), in any case. */
const COUNTING_RUN = new RegExp(
  ['0123456789', 'abcdefghijklmnopqrstuvwxyz']
    .flatMap((sequence) => Array.from({ length: sequence.length - 4 }, (_, i) => sequence.slice(i, i + 5)))
    .join('|'),
  'i',
);

/**
 * An assigned value that could be a real secret, not a name or a word: a variable named `token`
 * holds a secret only when its value looks drawn at random. So: 12 characters or more, not an
 * environment variable's name (`PINECONE_API_KEY`) or one word (`hardcoded`), with letters and
 * digits or symbols mixed.
 */
function looksRandom(value: string): boolean {
  if (value.length < 12 || /^[A-Z][A-Z0-9_]*$/.test(value) || /^[a-z]+(?:[-_][a-z]+)*$/i.test(value)) return false;
  return /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value);
}

/** Anything any pattern could match starts like this: one pass tells whether to look closer. */
const ANY_CANDIDATE = new RegExp(
  [...TOKENS.flatMap(([, , literals]) => literals.map(escapeRegExp)), '[:=]\\s*["\']'].join('|'),
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/** Every literal credential in `text`, in order. */
export function findSecrets(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  if (!ANY_CANDIDATE.test(text)) return found;
  for (const [pattern, kind, literals] of TOKENS) {
    if (!literals.some((literal) => text.includes(literal))) continue;
    for (const match of text.matchAll(pattern)) {
      if (kind !== 'a private key' && isPlaceholder(match[0])) continue;
      found.push({ start: match.index, end: match.index + match[0].length, kind });
    }
  }
  // Matches may overlap (`:'a='value'`): each search starts one character after the last match began.
  const quoted = new RegExp(QUOTED_VALUE.source, 'g');
  let matchedUntil = 0;
  for (let match = quoted.exec(text); match; match = quoted.exec(text)) {
    const at = match.index;
    quoted.lastIndex = at + 1;
    if (at < matchedUntil) continue;
    const windowStart = Math.max(0, at - KEY_WINDOW);
    // A cut window starts with a word character, so that `^` never matches inside a word.
    const before = KEY_BEFORE.exec((windowStart > 0 ? 'x' : '') + text.slice(windowStart, at));
    if (!before) continue;
    const keyStart = at - before[0].length;
    // As one regular expression tried left to right would: an assignment's text is not searched
    // again, not even as the key of the next one (`password:"password" : "…"`).
    if (keyStart + before[0].indexOf(before[1]) < matchedUntil) continue;
    matchedUntil = at + match[0].length;
    const value = match[2];
    const start = at + match[0].lastIndexOf(value);
    if (
      isPlaceholder(value) ||
      !looksRandom(value) ||
      found.some((f) => f.start >= keyStart && f.start < start + value.length)
    )
      continue;
    found.push({ start, end: start + value.length, kind: 'a literal credential' });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The message of a `secret-in-skill` problem. */
export function secretMessage(kind: string): string {
  return `This looks like ${kind}. A skill is shared text: keep secrets out of it. Declare the variable in the action's "secrets" in actions.json and set its value with 'Skills: Set Action Secret' (the CLI reads it from the environment).`;
}
