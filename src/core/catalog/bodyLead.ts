// What a host shows for a skill that declares no description (docs/hosts.md, "Profiles":
// `descriptionFromBody`), read from the start of its body. The catalog keeps that start only for
// such skills (SkillRecord.bodyHead), so that a host's listing can be measured without reading
// the file again.

/** The longest lead Copilot shows, in UTF-16 code units. */
export const BODY_LEAD_LENGTH = 1024;

/**
 * Copilot's reading: the body's lines, each trimmed, blank and heading lines left out, joined by
 * single spaces, cut at 1,024 characters (observed with Copilot CLI 1.0.102, `copilot skill list
 * --json`). `complete` is false when the text read may end before the lead does.
 */
export function bodyLead(body: string): { lead: string; complete: boolean } {
  let lead = '';
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    lead = lead === '' ? line : `${lead} ${line}`;
    if (lead.length >= BODY_LEAD_LENGTH) return { lead: lead.slice(0, BODY_LEAD_LENGTH), complete: true };
  }
  return { lead, complete: false };
}

/** Claude Code's reading: the first line that is not blank, without a heading's `#`s (observed with Claude Code 2.1.332). */
export function bodyFirstLine(body: string): string {
  for (const raw of body.split('\n')) {
    const line = raw.trim().replace(/^#+\s*/, '');
    if (line !== '') return line;
  }
  return '';
}
