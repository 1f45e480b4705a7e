import { describe, expect, it } from "vitest";
import { etagMatches, etagOf } from "@/lib/http/etag";

describe("conditional GETs", () => {
  it("reads an answer's tag however Node holds the header", () => {
    expect(etagOf('"abc"')).toBe('"abc"');
    expect(etagOf(['"abc"'])).toBe('"abc"'); // Next.js appends headers: an array of one
    expect(etagOf(['"a"', '"b"'])).toBeNull();
    expect(etagOf(undefined)).toBeNull();
    expect(etagOf("")).toBeNull();
  });

  it("matches If-None-Match weakly, in lists and as *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches("abc", '"abc"')).toBe(false); // an unquoted tag is another tag
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('"abc"', null)).toBe(false);
    expect(etagMatches("*", null)).toBe(false); // nothing kept: nothing to match
  });
});
