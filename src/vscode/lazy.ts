// Loads a feature bundle that is too heavy for activation (src/lazy/NAME.ts, built to
// dist/lazy/NAME.js next to the main bundle) the first time it is needed, and keeps it.
// The main bundle stays small (the bench checks bundle_kb), and activation never pays for a
// feature the user does not touch.

/** A loader for `dist/lazy/<name>.js`: the first call requires it, later calls return the same module. */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    // A computed path, so that esbuild leaves the require to run time. This code also runs from
    // inside a lazy bundle (dist/lazy/routing.js loads dist/lazy/hosts.js): then it is a sibling.
    const folder = /[\\/]lazy$/.test(__dirname) ? __dirname : `${__dirname}/lazy`;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path: import() would be async, and esbuild would bundle it
    loaded ??= require(`${folder}/${name}.js`) as T;
    return loaded;
  };
}
