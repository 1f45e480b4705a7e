import fs from "node:fs";
import path from "node:path";

const API_DIR = path.resolve("app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export interface RouteHandler {
  /** "METHOD /api/v1/path/{param}" */
  key: string;
  method: (typeof METHODS)[number];
  file: string;
  /** The whole route file. */
  source: string;
  /** The handler's own text: from its `export const METHOD` to the next handler or the end. */
  body: string;
}

// Every handler of every route file under app/api/v1.
export function routesOnDisk(): RouteHandler[] {
  const out: RouteHandler[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === "route.ts") {
        const source = fs.readFileSync(full, "utf8");
        const url = ("/api/v1/" + path.relative(API_DIR, dir).split(path.sep).map((seg) => seg.replace(/^\[(.+)\]$/, "{$1}")).join("/")).replace(/\/$/, "");
        const starts = METHODS.map((m) => ({ m, at: source.search(new RegExp(`export\\s+(const|async\\s+function|function)\\s+${m}\\b`)) })).filter((x) => x.at >= 0).sort((a, b) => a.at - b.at);
        starts.forEach(({ m, at }, i) => out.push({ key: `${m} ${url}`, method: m, file: full, source, body: source.slice(at, starts[i + 1]?.at ?? source.length) }));
      }
    }
  };
  walk(API_DIR);
  return out;
}
