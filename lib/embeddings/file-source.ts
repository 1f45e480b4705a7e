import fs from "node:fs/promises";
import type { ByteSource } from "./byte-source";

// A file on disk as a ByteSource (Node only: the resumable upload's check, the scoring job's
// read): positional reads on one handle, into the caller's buffer when it passes one, so a
// multi-GiB entry streams through one reused buffer.
export interface FileSource extends ByteSource {
  close(): Promise<void>;
}

export async function openFileSource(path: string): Promise<FileSource> {
  const fh = await fs.open(path, "r");
  try {
    const { size } = await fh.stat();
    return {
      size,
      async read(offset, length, into) {
        const want = Math.max(0, Math.min(length, size - offset));
        const buf = into && into.length >= want ? into : new Uint8Array(want);
        let got = 0;
        while (got < want) {
          const { bytesRead } = await fh.read(buf, got, want - got, offset + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        return buf.subarray(0, got);
      },
      close: () => fh.close(),
    };
  } catch (e) {
    await fh.close();
    throw e;
  }
}

/** Runs `read` on the file opened as a ByteSource, and closes it whatever happens. */
export async function withFileSource<T>(path: string, read: (source: ByteSource) => Promise<T>): Promise<T> {
  const source = await openFileSource(path);
  try {
    return await read(source);
  } finally {
    await source.close();
  }
}
