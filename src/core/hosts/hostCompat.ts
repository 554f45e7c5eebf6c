// `host-compat` (docs/hosts.md, "In the editor"): what the verdicts mean for one skill file, as
// problems a person can act on, with the fixes that exist: move the skill into a folder the
// host reads, rename it to its folder, shorten its description to the host's cap, rename the
// file to SKILL.md. Information, or a warning when the skill loads in none of the chosen hosts.
// A skill in a folder that reaches as many of the chosen hosts as any one folder can (placement.ts:
// `.agents/skills` or `.claude/skills` for the default hosts) has no problem for its folder.
import { dirnamePath, joinPath } from '../base/paths';
import type { Severity } from '../base/types';
import type { SkillRecord } from '../catalog/skillRecord';
import { bestReach } from './placement';
import { hostNameList } from './hostNames';
import { HOST_PROFILES, type HostId } from './profiles';
import type { HostVerdict, VerdictCause } from './verdicts';

export type HostCompatFix =
  | { readonly kind: 'move'; readonly title: string; readonly from: string; readonly to: string }
  | { readonly kind: 'rename-to-folder'; readonly title: string; readonly name: string }
  | { readonly kind: 'shorten-description'; readonly title: string; readonly maxLength: number }
  | { readonly kind: 'rename-file'; readonly title: string; readonly from: string; readonly to: string }
  /** Set `key` to false in the host's policy file (invocationPolicy.ts), merged into the file if it exists. */
  | {
      readonly kind: 'write-invocation-policy';
      readonly title: string;
      readonly file: string;
      readonly key: readonly string[];
    }
  /** Add `disable-model-invocation: true` to the frontmatter. */
  | { readonly kind: 'add-disable-model-invocation'; readonly title: string };

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
  if (verdict.invocation === 'none') return 'loads this skill, but no one can invoke it there';
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

/** True when the host does not find the skill only because it does not read the skill's folder. */
const missesFolderOnly = (verdict: HostVerdict) =>
  !verdict.found && verdict.reasons.length > 0 && verdict.reasons.every((r) => r.cause === 'folder');

/**
 * The skill is kept from the model in some chosen hosts and not in others (docs/hosts.md,
 * "Invocation"): each host whose model still sees it gets a finding, with the fix that writes that
 * host's own form (Codex's agents/openai.yaml, or disable-model-invocation for the others).
 */
function invocationFindings(record: SkillRecord, chosen: readonly [HostId, HostVerdict][]): HostCompatFinding[] {
  const loaded = chosen.filter(([, verdict]) => verdict.loads);
  const userOnly = loaded.filter(([, verdict]) => verdict.invocation === 'user').map(([host]) => host);
  if (userOnly.length === 0) return [];
  return loaded
    .filter(([, verdict]) => verdict.invocation === 'model')
    .map(([host]) => {
      const profile = HOST_PROFILES[host];
      const policy = profile.implicitInvocationPolicy.value;
      const kept = `${hostNameList(userOnly)} ${userOnly.length > 1 ? 'keep' : 'keeps'} from the model`;
      const setting = policy && `${policy.key.join('.')}: false in ${policy.file}`;
      if (policy && !profile.honoursDisableModelInvocation.value)
        return {
          host,
          severity: 'info' as const,
          about: 'file' as const,
          message: `${profile.displayName} lets its model invoke this skill, which ${kept}: ${profile.displayName} ignores disable-model-invocation and reads ${setting} instead.`,
          fixes: [
            {
              kind: 'write-invocation-policy' as const,
              title: `Keep it from ${profile.displayName}'s model too: write ${setting}`,
              file: joinPath(record.dir, ...policy.file.split('/')),
              key: policy.key,
            },
          ],
        };
      return {
        host,
        severity: 'info' as const,
        about: 'file' as const,
        message: `${profile.displayName} lets its model invoke this skill, which ${kept}: ${profile.displayName} reads disable-model-invocation: true in the frontmatter, not the other hosts' files.`,
        fixes: record.hidden
          ? []
          : [
              {
                kind: 'add-disable-model-invocation' as const,
                title: `Keep it from ${profile.displayName}'s model too: add disable-model-invocation: true`,
              },
            ],
      };
    });
}

/**
 * The host-compat findings of one record, for the chosen hosts, from their verdicts. A reason the
 * skill's own lint already reports (its name differs from its folder: `name-mismatch`, an error
 * with its rename fix) is said once, by the lint: it is left out, and so is a finding it was all of.
 * A host that misses the skill only for its folder is left out when no one folder reaches more of
 * the chosen hosts than the skill's own does: moving it would only trade one host for another.
 */
export function hostCompatFindings(
  record: SkillRecord,
  verdicts: ReadonlyMap<HostId, HostVerdict>,
): HostCompatFinding[] {
  const chosen = [...verdicts.entries()];
  const loadsSomewhere = chosen.some(([, verdict]) => verdict.loads);
  const linted = new Set(record.problems.map((p) => p.code));
  const saidByLint = (cause: VerdictCause) => cause === 'name-mismatch' && linted.has('name-mismatch');
  const reach = chosen.filter(([, verdict]) => !verdict.reasons.some((r) => r.cause === 'folder')).length;
  const wellPlaced =
    reach > 0 &&
    reach >=
      bestReach(
        chosen.map(([host]) => host),
        record.location.scope,
      );
  const findings: HostCompatFinding[] = [];
  for (const [host, verdict] of chosen) {
    if (wellPlaced && missesFolderOnly(verdict)) continue;
    const what = outcome(verdict);
    if (!what) continue;
    // An invocation reason is the finding itself only where no one can invoke the skill (the others are invocationFindings').
    const reasons = verdict.reasons.filter(
      (r) => (r.cause !== 'invocation' || verdict.invocation === 'none') && !saidByLint(r.cause),
    );
    if (reasons.length === 0 && verdict.reasons.some((r) => saidByLint(r.cause))) continue;
    const about = reasons.some((r) => NAME_CAUSES.has(r.cause)) && record.nameRange ? 'name' : 'file';
    findings.push({
      host,
      severity: loadsSomewhere ? 'info' : 'warning',
      about,
      message: `${HOST_PROFILES[host].displayName} ${what}: ${reasons.map((r) => r.text).join(' ')}`,
      fixes: fixesFor(host, record, verdict).filter(
        (fix) => !(fix.kind === 'rename-to-folder' && saidByLint('name-mismatch')),
      ),
    });
  }
  findings.push(...invocationFindings(record, chosen));
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
      // JSON text that starts with a quote and parses is a string.
      text = text.startsWith('"') ? (JSON.parse(text) as string) : text.slice(1, -1).replace(/''/g, "'");
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
