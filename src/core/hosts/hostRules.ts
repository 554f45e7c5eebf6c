// What one host makes of one skill file (docs/hosts.md, "Profiles"): whether it finds it (folder,
// depth, file name), whether its own rules accept it, and what it reads of its fields. These
// facts depend on the record alone, so a judge keeps them per record (verdicts.ts, HostJudge).
import {
  basenamePath,
  dirnamePath,
  isInside,
  joinPath,
  pathKey,
  pathSegments,
  relativePath,
  samePath,
} from '../base/paths';
import { codePointLength } from '../base/text';
import { bodyFirstLine, bodyLead } from '../catalog/bodyLead';
import type { SkillRecord } from '../catalog/skillRecord';
import { repairedFrontmatterFields } from './frontmatterRepair';
import { HOST_PROFILES, type HostId, type HostProfile } from './profiles';
import { because, type VerdictReason } from './reasons';
import type { HostContext } from './hostContext';

const STRUCTURAL: ReadonlySet<string> = new Set([
  'no-frontmatter',
  'unclosed-frontmatter',
  'yaml-syntax',
  'frontmatter-not-mapping',
]);

/** The folders the host reads, in the order it reads them, with how they are shown. */
export function readFolders(profile: HostProfile, context: HostContext): { path: string; shown: string }[] {
  const project = context.projectRoots.flatMap((root) =>
    profile.projectFolders.value.map((folder) => ({ path: joinPath(root, folder), shown: folder })),
  );
  const user =
    context.home === undefined
      ? []
      : profile.userFolders.value.map((folder) => ({ path: joinPath(context.home!, folder), shown: `~/${folder}` }));
  return [...project, ...user];
}

/** Whether the host finds the skill's file, and where (the index of its folder in readFolders), or why not. */
function find(
  profile: HostProfile,
  record: SkillRecord,
  folders: readonly { path: string; shown: string }[],
): { found: true; rank: number } | { found: false; reason: VerdictReason } {
  const fileName = basenamePath(record.filePath);
  if (fileName !== profile.skillFileName.value) {
    return {
      found: false,
      reason: because(
        'file-name',
        profile.skillFileName,
        `${profile.displayName} reads only ${profile.skillFileName.value}, not ${fileName}.`,
      ),
    };
  }
  for (const [rank, folder] of folders.entries()) {
    if (!isInside(record.dir, folder.path) || samePath(record.dir, folder.path)) continue;
    const depth = pathSegments(relativePath(folder.path, record.dir) ?? '').length;
    if (depth <= profile.maxDepth.value) return { found: true, rank };
    const levels =
      profile.maxDepth.value === 1 ? 'directly inside it' : `at most ${profile.maxDepth.value} levels below it`;
    return {
      found: false,
      reason: because(
        'depth',
        profile.maxDepth,
        `The skill is ${depth} levels below ${folder.shown}; ${profile.displayName} reads skills ${levels}.`,
      ),
    };
  }
  const where = [...new Set(folders.map((f) => f.shown))].join(', ');
  return {
    found: false,
    reason: because(
      'folder',
      profile.projectFolders,
      `${profile.displayName} does not read ${record.location.label}/; it reads ${where || 'no folder here'}.`,
    ),
  };
}

/** What a host reads of a skill's fields: the record's, or its own reading of a broken frontmatter. */
export interface HostReading {
  readonly declaredName: string | undefined;
  readonly description: string | undefined;
  readonly descriptionKind: SkillRecord['descriptionKind'];
}

const readingOf = (record: SkillRecord): HostReading => ({
  declaredName: record.declaredName,
  description: record.description,
  descriptionKind: record.descriptionKind,
});

/** What the host shows for a skill without a description, from the start of its body. */
function descriptionFromBody(profile: HostProfile, record: SkillRecord): string {
  const body = record.bodyHead ?? '';
  switch (profile.descriptionFromBody.value) {
    case 'lead':
      return bodyLead(body).lead;
    case 'first-line':
      return bodyFirstLine(body);
    default:
      return '';
  }
}

/** Whether the host's own rules accept the skill, or why not; notes on what it changes, and what it read. */
function accept(
  profile: HostProfile,
  record: SkillRecord,
): { loads: boolean; reasons: VerdictReason[]; reading: HostReading; byFolder?: boolean } {
  const reasons: VerdictReason[] = [];
  let reading = readingOf(record);
  if (profile.refusesBom.value && record.problems.some((p) => p.code === 'bom')) {
    return {
      loads: false,
      reading,
      reasons: [
        because(
          'frontmatter',
          profile.refusesBom,
          `${profile.displayName} refuses a file that starts with a byte order mark.`,
        ),
      ],
    };
  }
  if (record.problems.some((p) => STRUCTURAL.has(p.code))) {
    const repaired =
      profile.repairsPlainColons.value && record.invalidYaml !== undefined
        ? repairedFrontmatterFields(record.invalidYaml)
        : undefined;
    if (repaired) {
      reading = {
        declaredName: repaired.name ?? undefined,
        description: repaired.description ?? undefined,
        descriptionKind:
          repaired.description === undefined ? 'absent' : repaired.description === null ? 'null' : 'text',
      };
      reasons.push(
        because(
          'frontmatter',
          profile.repairsPlainColons,
          `The frontmatter is not valid YAML, but ${profile.displayName} puts the values that hold ': ' in quotes and reads it; other agents may not.`,
        ),
      );
    } else if (profile.unreadableFrontmatter.value === 'refused') {
      return {
        loads: false,
        reading,
        reasons: [
          because(
            'frontmatter',
            profile.unreadableFrontmatter,
            `${profile.displayName} refuses a skill whose frontmatter is missing or not valid YAML.`,
          ),
        ],
      };
    } else {
      reasons.push(
        because(
          'frontmatter',
          profile.unreadableFrontmatter,
          `${profile.displayName} ignores the unreadable frontmatter and lists the skill by its folder.`,
        ),
      );
      return {
        loads: true,
        reasons,
        reading: {
          declaredName: undefined,
          description: descriptionFromBody(profile, record),
          descriptionKind: 'absent',
        },
        byFolder: true,
      };
    }
  }
  const name = reading.declaredName ?? record.folderName;
  const refuse = (reason: VerdictReason) => ({ loads: false, reading, reasons: [reason] });
  const maxName = profile.maxNameLength.value;
  if (maxName !== undefined && codePointLength(name) > maxName) {
    return refuse(
      because(
        'name-length',
        profile.maxNameLength,
        `${profile.displayName} refuses a name over ${maxName} characters.`,
      ),
    );
  }
  if (profile.nameMustMatchFolder.value && name.normalize('NFKC') !== record.folderName.normalize('NFKC')) {
    return refuse(
      because(
        'name-mismatch',
        profile.nameMustMatchFolder,
        `${profile.displayName} does not load a skill whose name ('${name}') differs from its folder ('${record.folderName}'), and says nothing.`,
      ),
    );
  }
  // A host that knows a skill by its folder calls it by the folder's name, whatever it declares.
  if (
    profile.key.value === 'folder' &&
    reading.declaredName !== undefined &&
    reading.declaredName.trim() !== '' &&
    reading.declaredName.normalize('NFKC') !== record.folderName.normalize('NFKC')
  ) {
    reasons.push(
      because(
        'name-mismatch',
        profile.key,
        `${profile.displayName} calls it '${record.folderName}', its folder's name, not '${reading.declaredName}' (the name it declares).`,
      ),
    );
  }
  const description = reading.description?.trim() ?? '';
  if (
    profile.refusesNonTextDescription.value &&
    (reading.descriptionKind === 'null' || reading.descriptionKind === 'other')
  ) {
    return refuse(
      because(
        'description-missing',
        profile.refusesNonTextDescription,
        `${profile.displayName} refuses a description that is not text ('description:' with no value is not an empty one).`,
      ),
    );
  }
  if (description === '' && !(profile.refusesNonTextDescription.value && reading.descriptionKind === 'text')) {
    if (profile.missingDescription.value === 'refused')
      return refuse(
        because(
          'description-missing',
          profile.missingDescription,
          `${profile.displayName} refuses a skill without a description.`,
        ),
      );
    if (profile.missingDescription.value === 'listed-without')
      reasons.push(
        because(
          'description-missing',
          profile.missingDescription,
          `${profile.displayName} lists it without a description: its model has only the name to go on.`,
        ),
      );
    else
      reasons.push(
        because(
          'description-missing',
          profile.missingDescription,
          `${profile.displayName} takes the description from the body.`,
        ),
      );
    reading = { ...reading, description: descriptionFromBody(profile, record) };
  }
  const limit = profile.maxDescription.value;
  if (limit && codePointLength(description) > limit.length) {
    if (limit.over === 'refused')
      return refuse(
        because(
          'description-length',
          profile.maxDescription,
          `${profile.displayName} refuses a description over ${limit.length} characters.`,
        ),
      );
    reasons.push(
      because(
        'description-length',
        profile.maxDescription,
        `${profile.displayName} cuts the description at ${limit.length} characters.`,
      ),
    );
  }
  return { loads: true, reasons, reading };
}

/**
 * What one record's verdict owes to the record alone (where the host finds it, whether it accepts
 * it), kept by record for the host and context it was computed for (HostJudge): a record is a new
 * object when its file changes, so a change recomputes only the records it touched.
 */
export type RecordFacts =
  | { readonly kind: 'not-found'; readonly reason: VerdictReason; readonly parents: readonly string[] }
  | { readonly kind: 'refused'; readonly reasons: readonly VerdictReason[]; readonly parents: readonly string[] }
  | {
      readonly kind: 'loaded';
      readonly key: string;
      readonly reading: HostReading;
      readonly rank: number;
      readonly group: number;
      readonly file: string;
      readonly reasons: readonly VerdictReason[];
      readonly parents: readonly string[];
    };

/** The facts of one record for one host (see RecordFacts). */
export function recordFacts(
  profile: HostProfile,
  record: SkillRecord,
  folders: readonly { path: string; shown: string }[],
  projectCount: number,
): RecordFacts {
  // The keys of the folders above the skill's, for hosts that do not look inside another skill.
  const parents: string[] = [];
  if (profile.stopsAtSkillFolder.value) {
    for (let parent = dirnamePath(record.dir); !samePath(parent, dirnamePath(parent)); parent = dirnamePath(parent))
      parents.push(pathKey(parent));
  }
  const found = find(profile, record, folders);
  if (!found.found) return { kind: 'not-found', reason: found.reason, parents };
  const accepted = accept(profile, record);
  if (!accepted.loads) return { kind: 'refused', reasons: accepted.reasons, parents };
  const key =
    profile.key.value === 'folder' || accepted.byFolder
      ? record.folderName
      : (accepted.reading.declaredName ?? record.folderName);
  const group = found.rank < projectCount ? 0 : 1 + found.rank - projectCount;
  const file = relativePath(folders[found.rank].path, record.filePath) ?? basenamePath(record.filePath);
  return {
    kind: 'loaded',
    key,
    reading: accepted.reading,
    rank: found.rank,
    group,
    file,
    reasons: accepted.reasons,
    parents,
  };
}

/** The hosts, of those given, that read skills placed directly in `folder` (a skill location). */
export function hostsReading(folder: string, hosts: readonly HostId[], context: HostContext): HostId[] {
  return hosts.filter((host) => readFolders(HOST_PROFILES[host], context).some((read) => samePath(read.path, folder)));
}
