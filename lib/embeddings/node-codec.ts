import { Readable } from "node:stream";
import zlib from "node:zlib";
import { crc32 } from "./crc32";
import type { ZipCodec } from "./zip-codec";

// Node's zlib for the server and the scoring job: inflation on the thread pool in 256 KiB
// output chunks (web streams would add a promise per 16 KiB), and the native CRC-32.
const INFLATE_CHUNK = 256 * 1024;

async function* inflateRaw(compressed: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const source = Readable.from(compressed);
  const inflate = zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK });
  source.on("error", (e) => inflate.destroy(e));
  source.pipe(inflate);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) yield chunk;
  } finally {
    source.destroy();
    inflate.destroy();
  }
}

export const nodeCodec: ZipCodec = { inflateRaw, crc32 };
