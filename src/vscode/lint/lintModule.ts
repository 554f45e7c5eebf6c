// The complete SKILL.md lint, loaded on first use from dist/lazy/lint.js (src/lazy/lint.ts).
import { lazyModule } from '../lazy';

export type LintModule = typeof import('../../lazy/lint');

export const lintModule = lazyModule<LintModule>('lint');
