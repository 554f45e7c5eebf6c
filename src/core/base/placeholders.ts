// The placeholders that expansion substitutes in a body (docs/expansion.md), in one pattern
// that the expansion (loading/expand.ts) and the lint (lint/dollarArguments.ts) both read,
// so that dollar-argument reports exactly the `$N` that loading will replace.

/**
 * In order: an escaped dollar `\$`, `$ARGUMENTS[N]` (group 1), `$ARGUMENTS`, `${SKILL_DIR}` or
 * `${CLAUDE_SKILL_DIR}`, and `$N` (group 2). One pass over a text finds each once, so a
 * substituted value is never substituted again. Use it with `matchAll` or `replace`, which
 * do not depend on its `lastIndex`.
 */
export const PLACEHOLDER = /\\\$|\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$\{(?:CLAUDE_)?SKILL_DIR\}|\$(\d+)/g;
