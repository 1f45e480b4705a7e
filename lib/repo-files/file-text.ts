// Which blobs of a commit's tree make the corpus: text files of at most MAX_FILE_BYTES that are
// valid UTF-8 without NUL bytes. Everything else is left out and counted (binary, too large).
export const MAX_FILE_BYTES = 1024 * 1024;

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The file's text, or why it is not part of the corpus. */
export function corpusText(bytes: Uint8Array): { text: string } | { excluded: "binary" | "too_large" } {
  if (bytes.length > MAX_FILE_BYTES) return { excluded: "too_large" };
  if (bytes.includes(0)) return { excluded: "binary" };
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    return { excluded: "binary" };
  }
}
