// A request body the server will not use is still read, and thrown away, for a while before the
// request is given up. Cancelling it outright closes the connection while the client may still
// be sending, and TCP then resets the connection, often before the client has read the refusal
// sent back: the client sees "connection reset" instead of a 413 saying what is wrong (web
// servers call the remedy a lingering close). Draining runs in the background, so the refusal
// goes out at once, and stops after LINGER_MAX_BYTES or LINGER_MAX_MS, whichever comes first.
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
export const LINGER_MAX_MS = 10_000;

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

/** Drains what is left of a request body in the background, then cancels it. */
export function lingerThenCancel(body: ReadableStream<Uint8Array> | BodyReader | null | undefined): void {
  if (!body) return;
  let reader: BodyReader;
  try {
    reader = "getReader" in body ? body.getReader() : body;
  } catch {
    void (body as ReadableStream<Uint8Array>).cancel().catch(() => undefined);
    return;
  }
  const deadline = Date.now() + LINGER_MAX_MS;
  void (async () => {
    let drained = 0;
    try {
      while (drained <= LINGER_MAX_BYTES && Date.now() < deadline) {
        const { done, value } = await reader.read();
        if (done) return;
        drained += value.byteLength;
      }
    } catch {
      return; // the client went away: nothing left to drain
    }
    await reader.cancel().catch(() => undefined);
  })();
}
