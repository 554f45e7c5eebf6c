// How every surface words whether a skill is offered to the model, and why not: the Skills
// view, the status bar, the listing document, `/list` and `skillsmith list` all read these,
// so that one status is always said the same way.
import { plural } from '../base/text';
import type { CatalogEntry, OfferStatus } from './catalog';
import { sameSkillFolder } from './linkedCopies';

/** One or two words per status, for columns and counts. */
export const OFFER_STATUS_LABEL: Readonly<Record<OfferStatus, string>> = {
  offered: 'offered',
  errors: 'errors',
  hidden: 'hidden',
  shadowed: 'shadowed',
  untrusted: 'untrusted',
};

/** The statuses that are not offered, in the order they are reported. */
export const NOT_OFFERED_STATUSES: readonly OfferStatus[] = ['errors', 'hidden', 'shadowed', 'untrusted'];

/**
 * Why an entry is not offered, in a short phrase with its details (the error codes, the
 * winning file); undefined when it is offered. `describePath` shortens file paths.
 */
export function whyNotOffered(
  entry: CatalogEntry,
  describePath: (path: string) => string = (path) => path,
): string | undefined {
  switch (entry.status) {
    case 'offered':
      return undefined;
    case 'errors': {
      const codes = [...new Set(entry.problems.filter((p) => p.severity === 'error').map((p) => p.code))];
      return `${plural(entry.problems.filter((p) => p.severity === 'error').length, 'error')} (${codes.join(', ')})`;
    }
    case 'hidden':
      return 'hidden (disable-model-invocation: true): only a user can run it';
    case 'shadowed':
      if (entry.shadowedBy && sameSkillFolder(entry.record, entry.shadowedBy))
        return `the same folder as ${describePath(entry.shadowedBy.dir)}, through a symbolic link (listed once)`;
      return `shadowed by ${entry.shadowedBy ? describePath(entry.shadowedBy.filePath) : 'another skill of the same name'}`;
    case 'untrusted':
      return 'untrusted: trust the workspace to offer it';
  }
}
