// JSON values whose keys are only their own (docs/actions.md, "Input"). An input schema may
// name a property `toString`, `constructor` or `__proto__`, and a model's input may hold one:
// on an ordinary object `key in value` then finds Object.prototype's members, and assigning
// `__proto__` replaces the object's prototype. Validation works on null-prototype copies;
// what leaves it is rebuilt as ordinary objects whose every key is an own data property.

type Json = Record<string, unknown>;

/** Whether `value` is a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `key` as an own property of `object`, whatever its name. */
export function ownValue(object: object, key: string): unknown {
  return Object.hasOwn(object, key) ? (object as Json)[key] : undefined;
}

/** Sets `key` as an own data property (`__proto__` included). */
export function setOwn(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy whose objects have no prototype, so that `in` and lookups see only own keys. */
export function nullPrototypeCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullPrototypeCopy);
  if (!isJsonObject(value)) return value;
  const copy = Object.create(null) as Json;
  for (const key of Object.keys(value)) copy[key] = nullPrototypeCopy(value[key]);
  return copy;
}

/** A deep copy made of ordinary objects, each key an own data property. */
export function plainCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainCopy);
  if (!isJsonObject(value)) return value;
  const copy: Json = {};
  for (const key of Object.keys(value)) setOwn(copy, key, plainCopy(value[key]));
  return copy;
}
