import crypto from "node:crypto";
import fs from "node:fs/promises";

const CHUNK = 1024 * 1024;

// SHA-256 of a file on disk, read through one reused buffer (a multi-GiB upload leaves no
// garbage behind), with its size as read. `onProgress` hears the bytes hashed so far.
export async function hashFile(path: string, onProgress?: (bytes: number) => void): Promise<{ sha256: string; bytes: number }> {
  const fh = await fs.open(path, "r");
  try {
    const hash = crypto.createHash("sha256");
    const buf = Buffer.allocUnsafe(CHUNK);
    let bytes = 0;
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, CHUNK, bytes);
      if (bytesRead === 0) break;
      hash.update(buf.subarray(0, bytesRead));
      bytes += bytesRead;
      onProgress?.(bytes);
    }
    return { sha256: hash.digest("hex"), bytes };
  } finally {
    await fh.close();
  }
}
