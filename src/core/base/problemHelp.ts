// The help of every problem code: one line that says what is wrong and why it matters, and the
// page of docs/ that documents the code. Each code has an anchor of its own on that page
// (`<a id="CODE">`), which test/unit/problemHelp.test.ts holds to. SARIF's rule help and helpUri
// (cli/sarifOutput.ts) come from here.
import type { ProblemCode } from './types';

export interface ProblemHelp {
  /** One sentence a newcomer understands: what the problem is and what follows from it. */
  readonly summary: string;
  /** The page of docs/ that documents the code, at the anchor named after it. */
  readonly page: 'rules.md' | 'actions.md';
}

const rules = (summary: string): ProblemHelp => ({ summary, page: 'rules.md' });
const actions = (summary: string): ProblemHelp => ({ summary, page: 'actions.md' });

export const PROBLEM_HELP: Readonly<Record<ProblemCode, ProblemHelp>> = {
  'no-skill-file': rules('The folder holds no SKILL.md, so no agent finds a skill in it.'),
  'no-frontmatter': rules('SKILL.md does not start with a --- frontmatter block, so agents cannot read its name.'),
  'unclosed-frontmatter': rules('The frontmatter has no closing --- line, so agents cannot read the skill.'),
  'yaml-syntax': rules('The frontmatter is not valid YAML, so agents cannot read the skill.'),
  'frontmatter-not-mapping': rules('The frontmatter is a list or a single value, not the fields a skill needs.'),
  'name-missing': rules('The skill has no name, so agents do not load it.'),
  'name-format': rules('The name is not kebab-case (a-z, 0-9, single hyphens), so agents refuse it.'),
  'name-too-long': rules('The name is over 64 characters, the limit agents enforce.'),
  'name-mismatch': rules("The name differs from the folder's name, which agents require to match."),
  'description-missing': rules('The skill has no description, so the model cannot know when to use it.'),
  'description-too-long': rules('The description is over 1,024 characters, the limit agents enforce.'),
  'compatibility-too-long': rules('The compatibility field is over 500 characters, the limit of the specification.'),
  'field-type': rules('A field has the wrong kind of value, which agents may ignore or refuse.'),
  'file-name-case': rules('The file is not named exactly SKILL.md, which case-sensitive systems miss.'),
  'duplicate-name': rules('Another skill has the same name, so only one of them reaches the model.'),
  'unknown-field': rules('A frontmatter field that no agent reads: likely a typo.'),
  bom: rules('The file starts with a byte order mark, which several agents fail to read.'),
  'description-xml': rules('The description holds < or >, which some platforms reject.'),
  'reserved-name': rules('The name contains "anthropic" or "claude", which some platforms reject.'),
  'body-empty': rules('Nothing follows the frontmatter, so the skill gives the model no instructions.'),
  'body-too-long': rules('The body is over 500 lines; the model reads all of it each time the skill loads.'),
  'broken-link': rules('A linked or named file does not exist, so the model looks for it in vain.'),
  'dollar-argument': rules('A $ and digits that loading replaces with an argument, where that is not meant.'),
  'actions-invalid': actions('actions.json cannot be used as written, so none of its actions run.'),
  'action-run-missing': actions("An action's run is missing or names a file that does not exist."),
  'action-duplicate': actions('Two actions share a name, so one of them cannot be called.'),
  'action-schema-invalid': actions("An action's input or output schema is not a usable JSON Schema."),
  'secret-in-skill': actions('What looks like a real credential is written in the skill, where every reader sees it.'),
  'eval-syntax': rules('An eval file is not valid JSON or JSON Lines, so its cases are not run.'),
  'eval-case-invalid': rules('An eval case is malformed, so it is left out or read differently than meant.'),
  'eval-unknown-skill': rules('An eval case names a skill the catalog does not know or does not offer.'),
  'eval-set-too-small': rules("Under 10 eval cases: the skill's routing rates are too uncertain to compare."),
  'eval-set-no-negatives': rules('No case says when not to pick the skill, so over-triggering goes unseen.'),
  'eval-set-no-near-miss': rules(
    'No negative case is close to the skill, so its description is never tested for when not to pick it.',
  ),
  'description-overlap': rules('Routing confuses this skill with another: the model may pick the wrong one.'),
  'hidden-characters': rules('Invisible characters that can carry instructions a reader of the file never sees.'),
  'hidden-comment': rules('An HTML comment, hidden in a preview, gives the model instructions.'),
  'hidden-whitespace': rules('Text pushed out of view by a long run of blanks, which a reviewer misses.'),
  'name-homoglyph': rules('The name mixes Latin with lookalike letters, so it can pass for another skill.'),
  'download-exec': rules('The agent would run code downloaded from the network, unseen and unpinned.'),
  'destructive-delete': rules('The agent would delete a home folder, the root, or a path it was handed unchecked.'),
  'reverse-shell': rules('The agent would open a shell that a remote machine controls.'),
  'obfuscated-exec': rules('The agent would decode and run hidden code, which no reviewer can read.'),
  'world-writable': rules('The agent would make files writable by every user of the machine.'),
  'tls-verification-off': rules(
    'The agent would turn off TLS checks, so a network attacker can swap what it downloads.',
  ),
  'credential-access': rules(
    "The agent would read credentials (SSH keys, cloud tokens, the keychain) beyond the skill's task.",
  ),
  exfiltration: rules('The agent would send the environment or credential files over the network.'),
  'prompt-override': rules("The skill tells the model to ignore the user's and the system's instructions."),
  'conceal-from-user': rules('The skill tells the model to hide from the user what it does.'),
  'skip-confirmation': rules(
    "The skill tells the agent to act without the user's confirmation, or turns approvals off.",
  ),
  'body-too-many-tokens': rules('The body is over 5,000 tokens, which the model pays for each time the skill loads.'),
  'unreferenced-file': rules('A bundled file nothing refers to, so the model never finds it.'),
  'nested-reference': rules('A file reached only through another reference, which models often fail to follow.'),
  'unmentioned-binary': rules('A binary file the skill never mentions, which no reviewer can read.'),
  'not-fully-reviewed': rules('The review left part of the folder unread, so findings there would be missed.'),
  'modified-since-added': rules('The files differ from what skillsmith add recorded: edited since, here or upstream.'),
};

/** Where the documentation lives: the repository's docs/ folder on its default branch. */
export const DOCS_BASE = 'https://github.com/skillsmith-dev/skillsmith/blob/main/docs';

/** The documentation address of a code: its page, at its own anchor. */
export function problemHelpUri(code: ProblemCode): string {
  return `${DOCS_BASE}/${PROBLEM_HELP[code].page}#${code}`;
}
