import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ObjectStore } from "./object-store";

// Accepted uploads in a directory (EXECBOARD_DATA_DIR/uploads). Writes go to a temporary name
// first and are renamed into place, so a crash never leaves a half-written file under a real
// key; a file already on disk is stored by a hard link (both live under EXECBOARD_DATA_DIR).
export function localStore(dataDir: string): ObjectStore {
  const root = path.join(dataDir, "uploads");
  const at = (key: string) => path.join(root, key);
  const marker = path.join(dataDir, "storage-id");
  return {
    description: `directory ${root} (EXECBOARD_DATA_DIR=${dataDir})`,
    async put(key, data) {
      await fs.mkdir(root, { recursive: true });
      const tmp = `${at(key)}.${crypto.randomBytes(6).toString("hex")}.partial`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, at(key));
    },
    async putFromPath(key, localPath) {
      await fs.mkdir(root, { recursive: true });
      await fs.rm(at(key), { force: true });
      await fs.link(localPath, at(key));
    },
    async open(key) {
      await fs.access(at(key));
      return { path: at(key), release: async () => undefined };
    },
    async delete(key) {
      await fs.rm(at(key), { force: true });
    },
    async readMarker() {
      try {
        return (await fs.readFile(marker, "utf8")).trim() || null;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
    async writeMarker(id) {
      await fs.mkdir(dataDir, { recursive: true });
      await fs.writeFile(marker, `${id}\n`, { flag: "wx" });
    },
  };
}
