/**
 * A .npy whose header is `header` verbatim (however malformed), padded with spaces and a newline
 * to a multiple of 64 bytes as numpy does, with format version bytes `version`.
 */
export function npyBytes(header: string, data: Buffer, version: readonly [number, number] = [1, 0]): Buffer {
  const pad = 64 - ((10 + header.length + 1) % 64);
  const text = header + " ".repeat(pad) + "\n";
  const head = Buffer.alloc(10);
  head.write("\x93NUMPY", 0, "latin1");
  head[6] = version[0];
  head[7] = version[1];
  head.writeUInt16LE(text.length, 8);
  return Buffer.concat([head, Buffer.from(text, "latin1"), data]);
}
