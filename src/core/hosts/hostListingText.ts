// What each chosen host makes of the catalog, for Skills: Show Listing (docs/hosts.md): how many
// skills it finds, loads and lists, in which form, in its own order, and why the others are
// missing or cut. Beside Skillsmith's own listing, so that a user sees the listing their agent
// builds, not only ours.
import type { SkillRecord } from '../catalog/skillRecord';
import type { ListingForm } from './listedSkill';
import { HOST_PROFILES } from './profiles';
import type { CatalogVerdicts } from './verdictCache';

/** At most this many names in one sentence; the rest are counted. */
const MAX_NAMES = 25;

/** "a, b and c", or "a, b, … and 12 more". */
function names(list: readonly string[]): string {
  if (list.length <= 1) return list[0] ?? '';
  const shown = list.length > MAX_NAMES ? [...list.slice(0, MAX_NAMES), `${list.length - MAX_NAMES} more`] : list;
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/**
 * Markdown sections, one per host of `verdicts`, in sentences: what its model sees of the skills
 * (in its order, and in which form), then each skill it does not load, with why.
 */
export function hostListingSections(
  records: readonly SkillRecord[],
  verdicts: CatalogVerdicts,
  displayPath: (path: string) => string,
): string[] {
  const lines: string[] = [];
  for (const host of verdicts.hosts) {
    const profile = HOST_PROFILES[host];
    const judged = records.flatMap((record) => {
      const verdict = verdicts.of(record)?.get(host);
      return verdict ? [{ record, verdict }] : [];
    });
    const listed = judged
      .filter((j) => j.verdict.listing)
      .sort((a, b) => a.verdict.listing!.position - b.verdict.listing!.position);
    const inForm = (form: ListingForm) =>
      listed.filter((j) => j.verdict.listing!.form === form).map((j) => j.record.name);
    const seen = listed.filter((j) => j.verdict.listing!.form !== 'dropped');
    lines.push('', `## In ${profile.displayName} (${profile.version.value})`, '');
    lines.push(
      seen.length === 0
        ? `Its model sees none of your ${judged.length} skills.`
        : `Its model sees ${seen.length} of your ${judged.length} skills, in this order: ${names(seen.map((j) => j.record.name))}.`,
    );
    const full = inForm('full');
    if (full.length > 0 && full.length < seen.length) lines.push(`- In full: ${names(full)}.`);
    const shortened = inForm('shortened');
    if (shortened.length > 0) lines.push(`- With a shortened description: ${names(shortened)}.`);
    const nameOnly = inForm('name-only');
    if (nameOnly.length > 0) lines.push(`- By name only: ${names(nameOnly)}.`);
    const dropped = inForm('dropped');
    if (dropped.length > 0) lines.push(`- Loaded, but left out of what its model sees: ${names(dropped)}.`);
    const userOnly = judged
      .filter((j) => j.verdict.loads && j.verdict.invocation !== 'model')
      .map((j) => j.record.name);
    if (userOnly.length > 0) lines.push(`- For you to invoke only, its model does not see them: ${names(userOnly)}.`);
    const cut = listed.filter((j) => j.verdict.listing!.form !== 'full');
    const missing = judged.filter((j) => !j.verdict.loads);
    if (missing.length + cut.length > 0) lines.push('', 'Why:', '');
    for (const { record, verdict } of [...missing, ...cut]) {
      const what = !verdict.found ? 'not found' : !verdict.loads ? 'not loaded' : verdict.listing!.form;
      lines.push(
        `- ${record.name} (${displayPath(record.filePath)}), ${what}: ${verdict.reasons.map((r) => r.text).join(' ')}`,
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
