// Shares reads among concurrent callers without ever answering a caller with a read that began
// before its call: a call made while a read is running waits for the next one, which starts when
// the running one ends and serves every call that arrived meanwhile. So for any number of
// callers at most two reads are in flight, and each answer is at least as new as its call.
export function freshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running = false;
  let waiting: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const start = () => {
    const batch = waiting;
    waiting = [];
    running = true;
    read()
      .then((v) => batch.forEach((w) => w.resolve(v)), (e) => batch.forEach((w) => w.reject(e)))
      .finally(() => {
        running = false;
        if (waiting.length > 0) start();
      });
  };
  return () =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!running) start();
    });
}
