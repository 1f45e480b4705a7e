import fs from "node:fs/promises";
import path from "node:path";

// Writes the build's files into `outDir` (created if needed). Each file is written beside its
// final name and renamed into place, so a reader never sees a half-written file; other files
// already in the directory are left alone.
export async function writeBenchmarkDir(outDir: string, files: Record<string, string>): Promise<string[]> {
  await fs.mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(outDir, name);
    const temp = `${target}.tmp-${process.pid}`;
    await fs.writeFile(temp, text, "utf8");
    await fs.rename(temp, target);
    written.push(target);
  }
  return written;
}

/** The default output directory: benchmarks/core-src → benchmarks/core. */
export function defaultOutDir(srcDir: string): string | null {
  const resolved = path.resolve(srcDir);
  const base = path.basename(resolved);
  return base.endsWith("-src") && base.length > 4 ? path.join(path.dirname(resolved), base.slice(0, -4)) : null;
}
