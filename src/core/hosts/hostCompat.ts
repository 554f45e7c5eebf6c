// `host-compat` (docs/hosts.md, "In the editor"): what the verdicts mean for one skill file, as
// problems a person can act on, with the fixes that exist: move the skill into a folder the
// host reads, rename it to its folder, shorten its description to the host's cap, rename the
// file to SKILL.md. Information, or a warning when the skill loads in none of the chosen hosts.
import { dirnamePath, joinPath } from '../base/paths';
import type { Severity } from '../base/types';
import type { SkillRecord } from '../catalog/skillRecord';
import { HOST_PROFILES, type HostId } from './profiles';
import type { HostVerdict, VerdictCause } from './verdicts';

export type HostCompatFix =
  | { readonly kind: 'move'; readonly title: string; readonly from: string; readonly to: string }
  | { readonly kind: 'rename-to-folder'; readonly title: string; readonly name: string }
  | { readonly kind: 'shorten-description'; readonly title: string; readonly maxLength: number }
  | { readonly kind: 'rename-file'; readonly title: string; readonly from: string; readonly to: string };

export interface HostCompatFinding {
  readonly host: HostId;
  readonly severity: Severity;
  /** What the problem is about: the name's range suits name causes, the fence the others. */
  readonly about: 'name' | 'file';
  readonly message: string;
  readonly fixes: readonly HostCompatFix[];
}

const NAME_CAUSES: ReadonlySet<VerdictCause> = new Set(['name-length', 'name-mismatch', 'duplicate']);

/** The verdict in a few words: "does not find", "does not load", "lists only the name of". */
function outcome(verdict: HostVerdict): string | undefined {
  if (!verdict.found) return 'will not find this skill';
  if (!verdict.loads) return 'will not load this skill';
  switch (verdict.listing?.form) {
    case 'shortened':
      return 'shortens this skill in its listing';
    case 'name-only':
      return "lists only this skill's name";
    case 'dropped':
      return 'drops this skill from its listing';
    default:
      return verdict.reasons.some((r) => r.cause === 'name-mismatch') ? 'calls this skill by its folder' : undefined;
  }
}

/** The fixes for one host's verdict on one record. */
function fixesFor(host: HostId, record: SkillRecord, verdict: HostVerdict): HostCompatFix[] {
  const profile = HOST_PROFILES[host];
  const causes = new Set(verdict.reasons.map((r) => r.cause));
  const fixes: HostCompatFix[] = [];
  const root = record.location.root;
  if ((causes.has('folder') || causes.has('depth')) && root !== undefined && record.location.scope === 'workspace') {
    const folder = profile.projectFolders.value[0];
    fixes.push({
      kind: 'move',
      title: `Move to ${folder}/${record.folderName} (read by ${profile.displayName})`,
      from: record.dir,
      to: joinPath(root, folder, record.folderName),
    });
  }
  if (causes.has('name-mismatch'))
    fixes.push({
      kind: 'rename-to-folder',
      title: `Rename to '${record.folderName}', the folder's name`,
      name: record.folderName,
    });
  const cap = profile.maxDescription.value;
  if (causes.has('description-length') && cap)
    fixes.push({
      kind: 'shorten-description',
      title: `Shorten the description to ${cap.length} characters`,
      maxLength: cap.length,
    });
  const rule = profile.listing.value;
  if (causes.has('entry-cap') && rule.kind === 'full-then-name-only') {
    // The entry is `- key: description` and a newline.
    const maxLength = rule.entryCap - record.folderName.length - 5;
    fixes.push({
      kind: 'shorten-description',
      title: `Shorten the description to ${maxLength} characters (${profile.displayName}'s entry cap)`,
      maxLength,
    });
  }
  if (causes.has('file-name')) {
    const to = joinPath(dirnamePath(record.filePath), profile.skillFileName.value);
    fixes.push({
      kind: 'rename-file',
      title: `Rename the file to ${profile.skillFileName.value}`,
      from: record.filePath,
      to,
    });
  }
  return fixes;
}

/** The host-compat findings of one record, for the chosen hosts, from their verdicts. */
export function hostCompatFindings(
  record: SkillRecord,
  verdicts: ReadonlyMap<HostId, HostVerdict>,
): HostCompatFinding[] {
  const chosen = [...verdicts.entries()];
  const loadsSomewhere = chosen.some(([, verdict]) => verdict.loads);
  const findings: HostCompatFinding[] = [];
  for (const [host, verdict] of chosen) {
    const what = outcome(verdict);
    if (!what) continue;
    const reasons = verdict.reasons.filter((r) => r.cause !== 'invocation');
    const about = reasons.some((r) => NAME_CAUSES.has(r.cause)) && record.nameRange ? 'name' : 'file';
    findings.push({
      host,
      severity: loadsSomewhere ? 'info' : 'warning',
      about,
      message: `${HOST_PROFILES[host].displayName} ${what}: ${reasons.map((r) => r.text).join(' ')}`,
      fixes: fixesFor(host, record, verdict),
    });
  }
  return findings;
}

/**
 * The description cut to at most `maxLength` characters at a word boundary, written as a
 * double-quoted YAML scalar (a JSON string is one), whatever style the value had.
 */
export function shortenedScalar(rawValue: string, maxLength: number): string {
  let text = rawValue.trim();
  if (/^["']/.test(text)) {
    try {
      text = text.startsWith('"') ? JSON.parse(text) : text.slice(1, -1).replace(/''/g, "'");
    } catch {
      text = text.slice(1, -1);
    }
  } else if (/^[>|]/.test(text)) {
    text = text.replace(/^[>|][+-]?\d*\s*\n/, '').replace(/\s+/g, ' ');
  }
  text = text.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  if (chars.length <= maxLength) return JSON.stringify(text);
  const cut = chars.slice(0, maxLength).join('');
  const space = cut.lastIndexOf(' ');
  return JSON.stringify((space > maxLength * 0.6 ? cut.slice(0, space) : cut).trim());
}
