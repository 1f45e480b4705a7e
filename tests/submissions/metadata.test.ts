import { describe, expect, it } from "vitest";
import { parseParameters } from "@/components/submission/metadata-fields";
import { parseSubmissionMetadata } from "@/lib/submissions/metadata";
import { modelInfoOf } from "@/lib/leaderboard/get-leaderboard";

const base = { model: "m", provider: "p" };
const refusal = (extra: Record<string, unknown>) => {
  try {
    parseSubmissionMetadata({ ...base, ...extra });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe("model metadata", () => {
  it("takes a parameter count, a licence and a release date, and says what is wrong with each", () => {
    expect(parseSubmissionMetadata({ ...base, parameters: 335_000_000, license: "Apache-2.0", releaseDate: "2026-01-15" })).toMatchObject({ parameters: 335_000_000, license: "Apache-2.0", releaseDate: "2026-01-15" });
    expect(refusal({ parameters: "335M" })).toBe("invalid metadata: parameters: must be a parameter count, e.g. 335000000");
    expect(refusal({ parameters: 1.5 })).toBe("invalid metadata: parameters: must be a whole number");
    expect(refusal({ parameters: -3 })).toMatch(/^invalid metadata: parameters: /);
    expect(refusal({ releaseDate: "2026-02-30" })).toBe("invalid metadata: releaseDate: is not a calendar date");
    expect(refusal({ releaseDate: "15/01/2026" })).toBe("invalid metadata: releaseDate: must be a date written YYYY-MM-DD");
    expect(refusal({ releaseDate: "2999-01-01" })).toBe("invalid metadata: releaseDate: is in the future");
    expect(refusal({ license: "MIT\u202e" })).toMatch(/^invalid metadata: license: /);
  });

  it("reads 335M, 7.1B and 335,000,000 in the form as counts, and leaves other text for the schema to name", () => {
    expect(parseParameters("335M")).toBe(335_000_000);
    expect(parseParameters("7.1B")).toBe(7_100_000_000);
    expect(parseParameters("335,000,000")).toBe(335_000_000);
    expect(parseParameters("22m")).toBe(22_000_000);
    expect(parseParameters("about 7B")).toBe("about 7B");
    expect(parseParameters(undefined)).toBeUndefined();
  });

  it("shows readers only http(s) links and the facts that were declared", () => {
    expect(modelInfoOf({ model: "m", link: "javascript:alert(1)", parameters: 7 })).toEqual({ parameters: 7, license: null, releaseDate: null, link: null, revision: null });
    expect(modelInfoOf({ link: "https://example.com/card", license: "MIT", releaseDate: "2026-01-15" })).toMatchObject({ link: "https://example.com/card", license: "MIT", releaseDate: "2026-01-15" });
    expect(modelInfoOf(null)).toEqual({ parameters: null, license: null, releaseDate: null, link: null, revision: null });
  });
});
