// No two files of src/ import each other, directly or around a longer circle, not even for a
// type (`import type` counts): a circle means neither file can be understood, moved or tested
// without the other (DESIGN.md, "Layers"). Shared types go down into a lower file instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';
import { importsOf, tsFiles, type Import } from './sourceImports';

const SRC = path.join(findRepoRoot(), 'src');

/** The import graph of the .ts files under `root`: module (relative, no extension) → its imports of other modules there. */
function importGraph(root: string): Map<string, Import[]> {
  const graph = new Map<string, Import[]>();
  const modules = new Set(tsFiles(root).map((file) => moduleOf(path.relative(root, file))));
  for (const file of tsFiles(root)) {
    const local = importsOf(file, root).filter((i) => modules.has(i.target));
    graph.set(moduleOf(path.relative(root, file)), local);
  }
  return graph;
}

function moduleOf(relativeFile: string): string {
  return relativeFile.split(path.sep).join('/').replace(/\.ts$/, '');
}

/**
 * The import circles of a graph: one per strongly connected component of more than one module
 * (or a module that imports itself), each written as the path around it with the line of each
 * import, e.g. `a.ts:3 → b.ts:7 → a`, and the other modules of the component if there are any.
 */
function importCycles(graph: Map<string, Import[]>): string[] {
  // Tarjan's algorithm, recursive: the graph is a few hundred modules deep at most.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const { target } of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, index.get(target)!));
    }
    if (low.get(module) === index.get(module)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== module);
      const selfImport = (graph.get(module) ?? []).some((i) => i.target === module);
      if (component.length > 1 || selfImport) components.push(component);
    }
  };
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) visit(module);
  return components.map((component) => circleThrough(graph, new Set(component)));
}

/** One circle inside a component, from its first module (sorted) back to it, by breadth-first search. */
function circleThrough(graph: Map<string, Import[]>, component: Set<string>): string {
  const start = [...component].sort()[0];
  const cameBy = new Map<string, Import>();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift()!;
    for (const edge of graph.get(module) ?? []) {
      if (!component.has(edge.target)) continue;
      if (edge.target === start) {
        const steps = [edge];
        for (let at = module; at !== start; at = cameBy.get(at)!.file.replace(/\.ts$/, ''))
          steps.unshift(cameBy.get(at)!);
        const circle = [...steps.map((step) => `${step.file}:${step.line}`), start].join(' → ');
        const others = [...component].filter((m) => m !== start && !steps.some((step) => step.target === m));
        return others.length === 0 ? circle : `${circle}, in one tangle with ${others.sort().join(', ')}`;
      }
      if (!cameBy.has(edge.target)) {
        cameBy.set(edge.target, edge);
        queue.push(edge.target);
      }
    }
  }
  return [...component].sort().join(', ');
}

test('no files of src/ import each other in a circle, import type included', () => {
  const graph = importGraph(SRC);
  assert.ok(graph.size > 100, `found only ${graph.size} modules under src/`);
  assert.deepEqual(importCycles(graph), []);
});

test('the circle finder finds a circle through a type import, and none in a chain', () => {
  const root = fs.mkdtempSync(path.join(findRepoRoot(), 'out', 'cycles-'));
  try {
    fs.mkdirSync(path.join(root, 'x'));
    fs.writeFileSync(path.join(root, 'a.ts'), "import { b } from './x/b';\n");
    fs.writeFileSync(path.join(root, 'x', 'b.ts'), "export const b = 1;\nexport * from './c';\n");
    fs.writeFileSync(path.join(root, 'x', 'c.ts'), "import type { A } from '../a';\n");
    fs.writeFileSync(path.join(root, 'd.ts'), "import { b } from './x/b';\n");
    assert.deepEqual(importCycles(importGraph(root)), ['a.ts:1 → x/b.ts:2 → x/c.ts:1 → a']);
    fs.writeFileSync(path.join(root, 'e.ts'), 'export type E = 1;\n');
    fs.writeFileSync(path.join(root, 'x', 'c.ts'), "import type { E } from '../e';\n");
    assert.deepEqual(importCycles(importGraph(root)), []);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
