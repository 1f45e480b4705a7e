// Imports resolved to files of the same snapshot, by the conventions of each language: a
// relative specifier against the importing file's directory (with the usual extensions and
// index files), a dotted or :: module path as a path suffix (a/b → a/b.py, a/b/__init__.py,
// a/b.rs, a/b/mod.rs, a/b/C.java …), a Go import path as the directory it ends with.
export class ImportResolver {
  private readonly files: Set<string>;
  private readonly bySuffix = new Map<string, string[]>();
  private readonly byDir = new Map<string, string[]>();

  constructor(paths: readonly string[]) {
    this.files = new Set(paths);
    for (const p of paths) {
      const parts = p.split("/");
      for (let i = 0; i < parts.length; i++) {
        const suffix = parts.slice(i).join("/");
        this.bySuffix.set(suffix, [...(this.bySuffix.get(suffix) ?? []), p]);
      }
      const dir = parts.slice(0, -1);
      for (let i = 0; i < dir.length; i++) {
        const suffix = dir.slice(i).join("/");
        this.byDir.set(suffix, [...(this.byDir.get(suffix) ?? []), p]);
      }
    }
  }

  private suffix(candidates: string[]): string[] {
    for (const c of candidates) {
      const hit = this.bySuffix.get(c);
      if (hit && hit.length <= 3) return hit;
    }
    return [];
  }

  resolve(from: string, language: string, spec: string): string[] {
    const dir = from.split("/").slice(0, -1);
    if (language === "typescript" || language === "javascript" || language === "vue") {
      if (!spec.startsWith(".")) return [];
      const parts = [...dir];
      for (const seg of spec.split("/")) {
        if (seg === "..") parts.pop();
        else if (seg !== ".") parts.push(seg);
      }
      const base = parts.join("/");
      const exts = ["", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".vue", "/index.ts", "/index.tsx", "/index.js"];
      return exts.map((e) => base + e).filter((p) => this.files.has(p)).slice(0, 1);
    }
    if (language === "go") {
      const segs = spec.split("/");
      for (let i = 0; i < segs.length; i++) {
        const hit = this.byDir.get(segs.slice(i).join("/"));
        if (hit) return hit.filter((p) => p.endsWith(".go") && !p.endsWith("_test.go") && p.split("/").length === hit[0].split("/").length).slice(0, 30);
      }
      return [];
    }
    if (language === "python") {
      let mod = spec;
      const parts = [...dir];
      if (mod.startsWith(".")) {
        const up = mod.length - mod.replace(/^\.+/, "").length;
        for (let i = 1; i < up; i++) parts.pop();
        mod = mod.slice(up);
        const rel = [...parts, ...mod.split(".").filter(Boolean)].join("/");
        return [`${rel}.py`, `${rel}/__init__.py`].filter((p) => this.files.has(p));
      }
      const path = mod.split(".").join("/");
      return this.suffix([`${path}.py`, `${path}/__init__.py`]);
    }
    if (language === "rust") {
      const path = spec.replace(/^(crate|super|self)::/, "").split("::").filter(Boolean);
      for (let n = path.length; n >= 1; n--) {
        const p = path.slice(0, n).join("/");
        const hit = this.suffix([`${p}.rs`, `${p}/mod.rs`]);
        if (hit.length) return hit;
      }
      return [];
    }
    if (language === "java" || language === "kotlin") {
      const path = spec.split(".").join("/");
      return this.suffix([`${path}.java`, `${path}.kt`]);
    }
    return [];
  }
}
