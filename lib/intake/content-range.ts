import { AppError } from "@/lib/errors/app-error";

// `Content-Range: bytes <first>-<last>/<total>` of a chunk PUT (RFC 9110 §14.4), inclusive.
export interface ChunkRange {
  start: number;
  /** Exclusive end. */
  end: number;
  total: number;
}

export function parseContentRange(header: string | null): ChunkRange {
  const usage = "send each chunk with `Content-Range: bytes <first>-<last>/<total>` (inclusive byte positions)";
  if (!header) throw new AppError("BAD_REQUEST", `missing Content-Range header: ${usage}`);
  const m = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16})$/.exec(header.trim());
  if (!m) throw new AppError("BAD_REQUEST", `malformed Content-Range ${JSON.stringify(header)}: ${usage}`);
  const [first, last, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (last < first) throw new AppError("BAD_REQUEST", `Content-Range ${header}: the last byte comes before the first`);
  if (last >= total) throw new AppError("BAD_REQUEST", `Content-Range ${header}: the chunk ends past the file's ${total} bytes`);
  return { start: first, end: last + 1, total };
}
