import { u16, u32, u64 } from "./bytes";
import { invalidUpload } from "./invalid-upload";

// Where an archive's central directory is, from the records at its end (zip64 included). The
// reader has only the file's last bytes (`ZipTail`): offsets here are offsets in the file.
const EOCD_SIG = 0x06054b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD64_SIG = 0x06064b50;
const LOCAL_SIG = 0x04034b50;
const MAX_COMMENT = 0xffff;
/** Enough of the tail for the end record, the longest comment, the zip64 locator and record. */
export const TAIL_BYTES = 22 + MAX_COMMENT + 20 + 56;

export interface Directory {
  entryCount: number;
  offset: number;
  size: number;
}

/** `buf` holds file offsets [base, base + buf.length), the file's end; `head` its first bytes. */
export interface ZipTail {
  buf: Uint8Array;
  base: number;
  head: Uint8Array;
}

function field64(buf: Uint8Array, at: number, what: string): number {
  const v = u64(buf, at);
  if (v === undefined) throw invalidUpload(`corrupt zip archive: ${what} is out of range`);
  return v;
}

// Why an archive without an end record is refused; only the file's first bytes say what it is.
function notAZip(head: Uint8Array): Error {
  if (head.length >= 4 && u32(head, 0) === LOCAL_SIG) {
    return invalidUpload("truncated zip archive: end of central directory record not found");
  }
  if (head.length >= 6 && head[0] === 0x93 && String.fromCharCode(...head.subarray(1, 6)) === "NUMPY") {
    return invalidUpload("not a zip archive: this is a single .npy file; save the arrays together with np.savez");
  }
  return invalidUpload("not a zip archive (expected an .npz file written by np.savez or np.savez_compressed)");
}

function findEocd({ buf, base, head }: ZipTail): number {
  const lowest = Math.max(0, buf.length - 22 - MAX_COMMENT);
  for (let at = buf.length - 22; at >= lowest; at--) {
    // The comment length must reach exactly to the end, or this is a stray signature inside data.
    if (u32(buf, at) === EOCD_SIG && at + 22 + u16(buf, at + 20) === buf.length) return base + at;
  }
  throw notAZip(head);
}

function readDirectory({ buf, base }: ZipTail, eocd: number): Directory {
  const e = eocd - base;
  let dir: Directory = { entryCount: u16(buf, e + 10), size: u32(buf, e + 12), offset: u32(buf, e + 16) };
  let disks = u16(buf, e + 4) | u16(buf, e + 6);
  const loc = e - 20;
  if (loc >= 0 && u32(buf, loc) === EOCD64_LOCATOR_SIG) {
    const at = field64(buf, loc + 8, "zip64 end record offset") - base;
    if (at < 0 || at + 56 > loc || u32(buf, at) !== EOCD64_SIG) {
      throw invalidUpload("corrupt zip archive: zip64 end of central directory record not found");
    }
    disks |= u32(buf, at + 16) | u32(buf, at + 20);
    dir = {
      entryCount: field64(buf, at + 32, "entry count"),
      size: field64(buf, at + 40, "central directory size"),
      offset: field64(buf, at + 48, "central directory offset"),
    };
  }
  if (disks !== 0) throw invalidUpload("multi-volume zip archives are not supported");
  if (dir.offset + dir.size > eocd) {
    throw invalidUpload("truncated zip archive: central directory extends past the end of the file");
  }
  return dir;
}

/** The central directory's place and size, from an archive whose tail is `tail`. */
export function locateDirectory(tail: ZipTail, fileSize: number): Directory {
  if (fileSize < 22) {
    throw tail.buf.length >= 4 && u32(tail.buf, 0) === LOCAL_SIG
      ? invalidUpload("truncated zip archive: end of central directory record not found")
      : invalidUpload("not a zip archive (expected an .npz file written by np.savez or np.savez_compressed)");
  }
  return readDirectory(tail, findEocd(tail));
}
