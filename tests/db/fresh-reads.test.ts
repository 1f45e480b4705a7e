import { describe, expect, it } from "vitest";
import { freshReads } from "@/lib/db/fresh-reads";

// A "database" whose value a test changes, and whose reads the test finishes by hand.
function source() {
  let value = 0;
  const started: { at: number; finish: () => void; fail: (e: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const at = value; // what a read sees is fixed when it begins
      started.push({ at, finish: () => resolve(at), fail: reject });
    });
  return { read, started, set: (v: number) => (value = v) };
}

describe("freshReads", () => {
  it("never answers a call with a read that began before it", async () => {
    const db = source();
    const get = freshReads(db.read);
    const a = get(); // starts read 1 (sees 0)
    db.set(1); // a write commits; read 1 is already under way
    const b = get(), c = get(); // must not get read 1's answer
    expect(db.started).toHaveLength(1);
    db.started[0].finish();
    expect(await a).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(db.started).toHaveLength(2); // one read for both waiting calls, begun after them
    db.started[1].finish();
    expect([await b, await c]).toEqual([1, 1]);
  });

  it("starts at once when idle, and hands a failure to exactly the calls that shared the read", async () => {
    const db = source();
    const get = freshReads(db.read);
    const a = get();
    const b = get();
    db.started[0].fail(new Error("connection lost"));
    await expect(a).rejects.toThrow("connection lost");
    await new Promise((r) => setTimeout(r, 0));
    db.started[1].finish();
    expect(await b).toBe(0);
    const c = get();
    await new Promise((r) => setTimeout(r, 0));
    expect(db.started).toHaveLength(3); // its own read, begun after it
    db.started[2].finish();
    expect(await c).toBe(0);
  });
});
