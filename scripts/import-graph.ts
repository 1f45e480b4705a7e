// The import graph of the tree, folder by folder: which lib/ folders import which, its strongly
// connected components (import cycles between folders), and the imports from lib/ into the
// shells (app/, components/, workers/, server/), and the imports that point up the layers of
// eslint/layers.mjs. `npx tsx scripts/import-graph.ts [--edges] [--root DIR] [--alias old=new]…`
// prints it (--root measures another tree, e.g. an old commit's `git archive`; --alias places a
// folder that has since been renamed in its successor's layer); tests/architecture checks that
// lib/ has no cycle and no upward import.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LAYERS } from "../eslint/layers.mjs";

export interface ImportGraph {
  /** from folder → folders it imports ("lib/x", or "app", "components", "workers", "server"). */
  edges: Map<string, Set<string>>;
  /** Strongly connected components with more than one folder: import cycles. */
  cycles: string[][];
  /** How many folder-to-folder edges stay inside lib/. */
  libEdges: number;
  libFolders: number;
  /** Imports (file by file) from a lib/ folder into a folder of a higher layer. */
  upward: { file: string; from: string; to: string }[];
  /** lib/ folders that have no layer in eslint/layers.mjs. */
  unlayered: string[];
}

export interface ImportGraphOptions {
  /** Folders renamed since (old name → the folder whose layer it takes). */
  aliases?: Record<string, string>;
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

export function importGraph(root: string, opts: ImportGraphOptions = {}): ImportGraph {
  const layerOf = new Map<string, number>(LAYERS.flatMap((folders, layer) => folders.map((f) => [f, layer] as [string, number])));
  for (const [old, now] of Object.entries(opts.aliases ?? {})) if (layerOf.has(now)) layerOf.set(old, layerOf.get(now)!);
  const layer = (folder: string) => layerOf.get(folder.slice("lib/".length));
  const edges = new Map<string, Set<string>>();
  const upward: ImportGraph["upward"] = [];
  for (const top of TOPS) {
    if (!fs.existsSync(path.join(root, top))) continue;
    for (const file of sourceFiles(path.join(root, top))) {
      const from = folderOf(root, file);
      for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3];
        const target = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
        if (!target || !TOPS.includes(path.relative(root, target).split(path.sep)[0])) continue;
        const to = folderOf(root, target);
        if (to === from) continue;
        (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
        if (from.startsWith("lib/") && to.startsWith("lib/") && (layer(to) ?? -1) > (layer(from) ?? Infinity)) upward.push({ file: path.relative(root, file), from, to });
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
  const libFolders = nodes.filter((n) => n.startsWith("lib/"));
  return { edges, cycles, libEdges, libFolders: libFolders.length, upward, unlayered: libFolders.filter((f) => layer(f) === undefined) };
}

function argValues(flag: string): string[] {
  const argv = process.argv.slice(2);
  return argv.flatMap((a, i) => (a === flag && argv[i + 1] ? [argv[i + 1]] : []));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = argValues("--root")[0] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const aliases = Object.fromEntries(argValues("--alias").map((a) => a.split("=") as [string, string]));
  const g = importGraph(path.resolve(root), { aliases });
  console.log(`lib folders: ${g.libFolders}, folder-to-folder imports inside lib: ${g.libEdges}`);
  console.log(`import cycles between folders: ${g.cycles.length}`);
  for (const c of g.cycles) console.log(`  ${c.join(" <-> ")}`);
  const intoShells = [...g.edges].filter(([f]) => f.startsWith("lib/")).flatMap(([f, t]) => [...t].filter((x) => !x.startsWith("lib/")).map((x) => `${f} -> ${x}`));
  console.log(`imports from lib/ into the shells: ${intoShells.length}`);
  for (const s of intoShells) console.log(`  ${s}`);
  console.log(`imports pointing up the layers: ${g.upward.length}`);
  for (const u of g.upward) console.log(`  ${u.file}: ${u.from} -> ${u.to}`);
  if (g.unlayered.length) console.log(`lib folders without a layer: ${g.unlayered.join(", ")}`);
  if (process.argv.includes("--edges")) for (const [f, t] of [...g.edges].sort()) console.log(`${f}: ${[...t].sort().join(", ")}`);
}
