// `secret-in-skill` for SKILL.md (docs/actions.md): a literal credential anywhere in the file.
import { problem, type Rule } from '../lint/ruleSupport';
import { findSecrets, secretMessage } from './secrets';

/** Flags literal credentials in the whole text, frontmatter and body. */
export const ruleNoSecrets: Rule = ({ file }) =>
  findSecrets(file.lines.text).map((found) =>
    problem('secret-in-skill', 'warning', secretMessage(found.kind), file.lines.rangeOf(found.start, found.end)),
  );
