import { crc32Table } from "./crc32-table";
import type { ZipCodec } from "./zip-codec";

// The codec every JavaScript platform has: DecompressionStream("deflate-raw") (browsers since
// 2023, Node 20) and the table CRC. In a browser, compressed chunks are pulled only as inflated
// ones are consumed (the streams standard's backpressure), and stopping early cancels both
// streams. Node's DecompressionStream accepts input as fast as it is offered (no backpressure on
// its writable side), which is one reason the server uses node-codec.ts instead.
async function* inflateRaw(compressed: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const input = compressed[Symbol.asyncIterator]();
  const source = new ReadableStream<BufferSource>({
    async pull(controller) {
      const next = await input.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value as Uint8Array<ArrayBuffer>); // never a SharedArrayBuffer view
    },
    async cancel() {
      await input.return?.();
    },
  });
  const reader = source.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

export const webCodec: ZipCodec = { inflateRaw, crc32: crc32Table };
