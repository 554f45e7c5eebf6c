// What each chosen host makes of the catalog, for Skills: Show Listing (docs/hosts.md): how many
// skills it finds, loads and lists, in which form, in its own order, and why the others are
// missing or cut. Beside Skillsmith's own listing, so that a user sees the listing their agent
// builds, not only ours.
import type { SkillRecord } from '../catalog/skillRecord';
import { HOST_PROFILES } from './profiles';
import type { CatalogVerdicts } from './verdictCache';

/** Markdown sections, one per host of `verdicts`. */
export function hostListingSections(
  records: readonly SkillRecord[],
  verdicts: CatalogVerdicts,
  displayPath: (path: string) => string,
): string[] {
  const lines: string[] = [];
  for (const host of verdicts.hosts) {
    const profile = HOST_PROFILES[host];
    const judged = records
      .map((record) => ({ record, verdict: verdicts.of(record)?.get(host) }))
      .filter((j) => j.verdict !== undefined);
    const count = (test: (v: NonNullable<(typeof judged)[number]['verdict']>) => boolean) =>
      judged.filter((j) => test(j.verdict!)).length;
    const listed = judged
      .filter((j) => j.verdict!.listing)
      .sort((a, b) => a.verdict!.listing!.position - b.verdict!.listing!.position);
    lines.push('', `## In ${profile.displayName} (${profile.version.value})`, '');
    lines.push(
      `- Found: ${count((v) => v.found)} of ${judged.length}; loaded: ${count((v) => v.loads)}; for the user only: ${count((v) => v.invocation === 'user')}`,
    );
    for (const form of ['full', 'shortened', 'name-only', 'dropped'] as const)
      lines.push(`- Listed ${form === 'full' ? 'in full' : form}: ${count((v) => v.listing?.form === form)}`);
    if (listed.length > 0) {
      lines.push('', 'Its listing, in its order:', '');
      lines.push(
        ...listed.map(
          ({ record, verdict }) => `${verdict!.listing!.position}. ${record.name} — ${verdict!.listing!.form}`,
        ),
      );
    }
    const missing = judged.filter(
      (j) => !j.verdict!.loads || (j.verdict!.listing && j.verdict!.listing.form !== 'full'),
    );
    if (missing.length > 0) {
      lines.push('', 'Not loaded, or not listed in full:', '');
      lines.push(
        ...missing.map(
          ({ record, verdict }) =>
            `- ${record.name} (${displayPath(record.filePath)}): ${verdict!.reasons.map((r) => r.text).join(' ')}`,
        ),
      );
    }
  }
  return lines;
}

/**
 * For the routing report: what each chosen host's listing does to the skills of one name, when it
 * shortens, cuts to the name, or drops them, one sentence a host (the verdict's own reason).
 */
export function hostListingNotes(
  records: readonly SkillRecord[],
  verdicts: CatalogVerdicts,
): (name: string) => string[] {
  return (name) => {
    const notes: string[] = [];
    for (const record of records) {
      if (record.name !== name) continue;
      for (const host of verdicts.hosts) {
        const verdict = verdicts.of(record)?.get(host);
        const form = verdict?.listing?.form;
        if (!verdict || !form || form === 'full') continue;
        const what =
          form === 'shortened'
            ? 'shortens it'
            : form === 'name-only'
              ? 'lists only its name'
              : 'drops it from its listing';
        const why = verdict.reasons.find(
          (r) => r.cause === 'listing-budget' || r.cause === 'entry-cap' || r.cause === 'description-length',
        );
        notes.push(`${HOST_PROFILES[host].displayName} ${what}${why ? `: ${why.text}` : '.'}`);
      }
    }
    return notes;
  };
}
