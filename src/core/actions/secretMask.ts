// Secret values never reach the model or a log (docs/actions.md, "Secrets"): every text that
// leaves a run (stdout, stderr, error messages) goes through the mask first, which replaces
// each value, raw and as it appears inside a JSON string, by `***`.

export const MASK = '***';

/** A function that masks every given secret value in a text. */
export function secretMask(values: Iterable<string>): (text: string) => string {
  const forms = new Set<string>();
  for (const value of values) {
    if (value === '') continue;
    forms.add(value);
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  // Longest first, so that a value containing another is masked whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => ordered.reduce((masked, form) => masked.split(form).join(MASK), text);
}
