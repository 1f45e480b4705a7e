import { invalidUpload } from "./invalid-upload";

// We never write entries to disk, but a name like "../x" or "/etc/x" is never produced by numpy
// and signals a crafted archive; refusing it keeps anything downstream (logs, exports) safe too.
export function assertSafeEntryName(name: string): void {
  if (name.length === 0) throw invalidUpload("zip entry has an empty name");
  if (name.includes("\0")) throw invalidUpload(`zip entry name ${JSON.stringify(name)} contains a NUL byte`);
  if (/^[\\/]/.test(name) || /^[A-Za-z]:/.test(name)) {
    throw invalidUpload(`zip entry name ${JSON.stringify(name)} is an absolute path`);
  }
  if (name.split(/[\\/]/).includes("..")) {
    throw invalidUpload(`zip entry name ${JSON.stringify(name)} contains path traversal ("..")`);
  }
}

export function assertUniqueEntryNames(names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw invalidUpload(`zip archive contains the entry ${JSON.stringify(name)} more than once`);
    seen.add(name);
  }
}
