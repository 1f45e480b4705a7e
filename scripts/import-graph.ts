// The import graph of the tree, folder by folder: which lib/ folders import which, its strongly
// connected components (import cycles between folders), and the imports from lib/ into the
// shells (app/, components/, workers/, server/). `node --import tsx scripts/import-graph.ts [--edges]`
// prints it; tests/architecture checks that lib/ has no cycle.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface ImportGraph {
  /** from folder → folders it imports ("lib/x", or "app", "components", "workers", "server"). */
  edges: Map<string, Set<string>>;
  /** Strongly connected components with more than one folder: import cycles. */
  cycles: string[][];
  /** How many folder-to-folder edges stay inside lib/. */
  libEdges: number;
  libFolders: number;
}

const TOPS = ["lib", "app", "components", "workers", "server"];
const IMPORT = /(?:import|export)[^"'`]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/gm;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "generated" && e.name !== "node_modules") sourceFiles(p, out);
    } else if (/\.(ts|tsx|mts)$/.test(e.name)) out.push(p);
  }
  return out;
}

function folderOf(root: string, file: string): string {
  const rel = path.relative(root, file).split(path.sep);
  return rel[0] === "lib" ? `lib/${rel[1]}` : rel[0];
}

export function importGraph(root: string): ImportGraph {
  const edges = new Map<string, Set<string>>();
  for (const top of TOPS) {
    if (!fs.existsSync(path.join(root, top))) continue;
    for (const file of sourceFiles(path.join(root, top))) {
      const from = folderOf(root, file);
      for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3];
        const target = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
        if (!target || !TOPS.includes(path.relative(root, target).split(path.sep)[0])) continue;
        const to = folderOf(root, target);
        if (to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
      }
    }
  }
  // Tarjan's strongly connected components.
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])].sort();
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), onStack = new Set<string>(), stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  let libEdges = 0;
  for (const [from, to] of edges) if (from.startsWith("lib/")) for (const t of to) if (t.startsWith("lib/")) libEdges++;
  return { edges, cycles, libEdges, libFolders: nodes.filter((n) => n.startsWith("lib/")).length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const g = importGraph(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
  console.log(`lib folders: ${g.libFolders}, folder-to-folder imports inside lib: ${g.libEdges}`);
  console.log(`import cycles between folders: ${g.cycles.length}`);
  for (const c of g.cycles) console.log(`  ${c.join(" <-> ")}`);
  const intoShells = [...g.edges].filter(([f]) => f.startsWith("lib/")).flatMap(([f, t]) => [...t].filter((x) => !x.startsWith("lib/")).map((x) => `${f} -> ${x}`));
  console.log(`imports from lib/ into the shells: ${intoShells.length}`);
  for (const s of intoShells) console.log(`  ${s}`);
  if (process.argv.includes("--edges")) for (const [f, t] of [...g.edges].sort()) console.log(`${f}: ${[...t].sort().join(", ")}`);
}
