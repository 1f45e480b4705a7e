import { db } from "./client";

// The reader stamp (migration 0013): a number that moves on, at commit, with every write a
// signed-out reader could see. Read fresh on every request by the page cache (lib/http).
export async function readReaderStamp(): Promise<string> {
  const row = await db().readerStamp.findUnique({ where: { id: 1 }, select: { version: true } });
  if (!row) throw new Error("reader_stamp has no row: run the migrations (execboard migrate)");
  return row.version.toString();
}
