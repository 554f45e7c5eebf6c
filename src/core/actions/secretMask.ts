// Secret values never reach the model or a log (docs/actions.md, "Secrets"). A script may
// print a secret in many encodings: as it is, inside a JSON string (where every language
// escapes differently: Python writes `\u00e4`, Go `\u0026`, PHP `\/`), or percent-encoded
// in a URL. So the mask knows each value in all these forms, and is applied to what is
// returned, after parsing: every string and every key of the data and the error, then the
// serialized result as a last check. Masking raw stdout before parsing is not enough: the
// parser decodes escapes that the mask did not match.
import { MIN_SECRET_LENGTH } from '../base/limits';
import { codePointLength } from '../base/text';

export const MASK = '***';

/** `\u00e4` (or `\u00E4`) for every UTF-16 unit outside `keep`, as JSON encoders that escape non-ASCII do. */
function escapeUnits(text: string, keep: (code: number) => boolean, upper: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (keep(code)) out += text[i];
    else {
      const hex = code.toString(16).padStart(4, '0');
      out += `\\u${upper ? hex.toUpperCase() : hex}`;
    }
  }
  return out;
}

/** Every form in which `value` may appear in a program's output. */
export function secretForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const ascii = (upper: boolean) => escapeUnits(json, (c) => c < 0x80, upper);
  // Go's encoding/json: <, > and & (and the two line separators) as \u escapes.
  const html = escapeUnits(json, (c) => c !== 0x3c && c !== 0x3e && c !== 0x26 && c !== 0x2028 && c !== 0x2029, false);
  const htmlAscii = escapeUnits(json, (c) => c < 0x80 && c !== 0x3c && c !== 0x3e && c !== 0x26, false);
  const jsonForms = [json, ascii(false), ascii(true), html, htmlAscii];
  // PHP's json_encode also escapes the slash.
  const slashed = jsonForms.map((form) => form.replace(/\//g, '\\/'));
  let percent: string[] = [];
  try {
    const encoded = encodeURIComponent(value);
    percent = [encoded, encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())];
  } catch {
    // A lone surrogate cannot be percent-encoded: no such form exists.
  }
  return [...new Set([value, ...jsonForms, ...slashed, ...percent])].filter((form) => form !== '');
}

/** Why a secret value cannot be used, or undefined when it can. */
export function secretValueProblem(name: string, value: string): string | undefined {
  const length = codePointLength(value);
  if (length >= MIN_SECRET_LENGTH) return undefined;
  return `The secret ${name} has only ${length} character${length === 1 ? '' : 's'}; an action's secret needs at least ${MIN_SECRET_LENGTH}, so that masking it cannot corrupt the result (a one-letter secret would be masked inside every word).`;
}

export interface SecretMask {
  /** True when there is nothing to mask. */
  readonly empty: boolean;
  /** Replaces every form of every secret in a text by `***`. */
  text(text: string): string;
  /**
   * A deep copy of a parsed JSON value with every string and every key masked. A number
   * whose digits hold a secret becomes the string `***`.
   */
  value(value: unknown): unknown;
  /** A text that was cut at its end: masked, and a secret's beginning at the cut removed. */
  cutAtEnd(text: string): string;
  /** A text that was cut at its start (the tail of an output): masked, and a secret's end at the cut removed. */
  cutAtStart(text: string): string;
}

/** The mask of the given secret values. */
export function secretMask(values: Iterable<string>): SecretMask {
  const forms = new Set<string>();
  for (const value of values) for (const form of secretForms(value)) forms.add(form);
  // Longest first, so that a value containing another is masked whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  const text = (input: string) =>
    ordered.length === 0
      ? input
      : ordered.reduce((masked, form) => (masked.includes(form) ? masked.split(form).join(MASK) : masked), input);
  const value = (input: unknown): unknown => {
    if (ordered.length === 0) return input;
    if (typeof input === 'string') return text(input);
    if (typeof input === 'number') return text(String(input)) === String(input) ? input : MASK;
    if (Array.isArray(input)) return input.map(value);
    if (typeof input === 'object' && input !== null) {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(input)) {
        // defineProperty: a key such as `__proto__` stays a plain key.
        Object.defineProperty(copy, text(key), {
          value: value(item),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return copy;
    }
    return input;
  };
  /** The longest k < form length such that the text's end (or start) is k characters of a form. */
  const partial = (input: string, atEnd: boolean): number => {
    let longest = 0;
    for (const form of ordered) {
      for (let k = Math.min(form.length - 1, input.length); k > longest; k--) {
        const matches = atEnd ? input.endsWith(form.slice(0, k)) : input.startsWith(form.slice(form.length - k));
        if (matches) {
          longest = k;
          break;
        }
      }
    }
    return longest;
  };
  return {
    empty: ordered.length === 0,
    text,
    value,
    cutAtEnd: (input) => {
      const masked = text(input);
      return masked.slice(0, masked.length - partial(masked, true));
    },
    cutAtStart: (input) => {
      const masked = text(input);
      return masked.slice(partial(masked, false));
    },
  };
}
