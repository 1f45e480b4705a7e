import zlib from "node:zlib";
import { crc32Table } from "./crc32-table";

// Node's CRC-32 (the zip writers, node-codec.ts). zlib.crc32 is native but only exists from
// Node 20.15; the table fallback keeps older 20.x working.
const native = (zlib as { crc32?: (d: Uint8Array, value?: number) => number }).crc32;

/** CRC-32 of `data`; pass the CRC of the bytes before it as `initial` to continue a running one. */
export function crc32(data: Uint8Array, initial = 0): number {
  return typeof native === "function" ? native(data, initial) >>> 0 : crc32Table(data, initial);
}
