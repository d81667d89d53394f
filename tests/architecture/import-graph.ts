/**
 * The project's import graph, read with esbuild (already installed through tsx and Vite), and the
 * cycles in it: file cycles and folder cycles. `npm run check:imports` (part of `npm run lint`, so of
 * `npm test`) prints them and fails on any; `import-graph.test.ts` tests the cycle finder itself.
 *
 * Why esbuild and not dependency-cruiser or madge: both parse TypeScript through the `typescript`
 * package's JavaScript API, which TypeScript 7 (our compiler) no longer ships (docs/decisions/0018-walls-in-the-tree.md).
 * esbuild resolves imports the way our bundlers and tsx do, and erases `import type`, so the graph
 * holds runtime edges only: a type-only import never creates a load-order cycle.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Folders whose source files make up the app and its tests. */
const SOURCE_ROOTS = ['api', 'site', 'db', 'migrations', 'admin-console', 'tests'];
/** Paths that are not ours to shape: installed packages and generated or scratch output. */
const SKIPPED = /(^|\/)(node_modules|dist|data|scratch|fixtures\/walls)(\/|$)/;
const SOURCE_FILE = /\.(ts|tsx)$/;

export type ImportGraph = Map<string, Set<string>>;

export function listSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(path.join(root, relativeDir), { withFileTypes: true })) {
      const relative = path.posix.join(relativeDir, entry.name);
      if (SKIPPED.test(relative)) continue;
      if (entry.isDirectory()) walk(relative);
      else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(relative);
    }
  };
  for (const sourceRoot of SOURCE_ROOTS) walk(sourceRoot);
  return files.sort();
}

/** File → the project files it imports at run time (static, re-export and dynamic imports). */
export async function readImportGraph(root: string): Promise<ImportGraph> {
  const files = listSourceFiles(root);
  const result = await build({
    absWorkingDir: root,
    entryPoints: files,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'out',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    // Assets and styles are leaves; only the TypeScript edges matter here.
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.html': 'empty' },
  });
  const graph: ImportGraph = new Map();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    if (!SOURCE_FILE.test(file) || SKIPPED.test(file)) continue;
    const targets = new Set<string>();
    for (const edge of input.imports) {
      if (edge.external || !SOURCE_FILE.test(edge.path) || SKIPPED.test(edge.path)) continue;
      targets.add(edge.path);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** A test sits beside the code it tests but is no part of the layering: nothing imports it. */
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The folder graph: folder → folders its files import from (a folder never points at itself).
 * Test files are left out, so `db/x.test.ts` using a factory from `tests/` is not a cycle.
 */
export function foldersOf(graph: ImportGraph): ImportGraph {
  const folders: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    if (TEST_FILE.test(file)) continue;
    const from = path.posix.dirname(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of targets) {
      const to = path.posix.dirname(target);
      if (to !== from) edges.add(to);
    }
    folders.set(from, edges);
  }
  return folders;
}

/** Strongly connected components of more than one node, or a node that imports itself (Tarjan). */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
