// The middle floor stays untangled: no import cycle between lib/ folders, no import pointing up
// the layers of eslint/layers.mjs, and lib/ never imports the shells. Checked against the real
// tree, and the checker itself against a made-up tree with each breach, so this test can fail.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph } from "@/scripts/import-graph";

describe("the import graph", () => {
  it("has no cycle between lib/ folders, no import up the layers and none from lib/ into app/, components/, workers/ or server/", () => {
    const g = importGraph(path.resolve("."));
    expect(g.cycles).toEqual([]);
    expect(g.upward).toEqual([]);
    expect(g.unlayered).toEqual([]);
    const intoShells = [...g.edges].filter(([from]) => from.startsWith("lib/")).flatMap(([from, to]) => [...to].filter((t) => !t.startsWith("lib/")).map((t) => `${from} -> ${t}`));
    expect(intoShells).toEqual([]);
    expect(g.libFolders).toBeGreaterThan(20);
  });

  it("finds a cycle, an upward import and an import into the shells when a tree has them", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-graph-"));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write("lib/a/x.ts", 'import { y } from "@/lib/b/y";\nexport const x = y;\n');
    write("lib/b/y.ts", 'import { z } from "../c/z";\nexport const y = z;\n');
    write("lib/c/z.ts", 'export { x as z } from "@/lib/a/x";\nimport "@/workers/index";\n');
    write("workers/index.ts", "export {};\n");
    write("lib/metrics/m.ts", 'import { s } from "@/lib/scoring/s";\nexport const m = s;\n');
    write("lib/scoring/s.ts", "export const s = 1;\n");
    try {
      const g = importGraph(root);
      expect(g.cycles).toEqual([["lib/a", "lib/b", "lib/c"]]);
      expect([...g.edges.get("lib/c")!]).toContain("workers");
      expect(g.upward).toEqual([{ file: "lib/metrics/m.ts", from: "lib/metrics", to: "lib/scoring" }]);
      expect(g.unlayered).toEqual(["lib/a", "lib/b", "lib/c"]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
