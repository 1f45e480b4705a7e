// JSON lines read whole (lib/text/json-lines.ts): blank lines are skipped, and the first line
// that is not JSON or not of the schema is refused with the file, the line and what is wrong,
// zod's issues named as every such refusal names them (lib/errors/zod-issues.ts).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeIssues } from "@/lib/errors/zod-issues";
import { parseJsonLines } from "@/lib/text/json-lines";

const row = z.object({ id: z.string().min(1), n: z.number().int() });

describe("parseJsonLines", () => {
  it("gives the values of the non-blank lines, in order, as the schema outputs them", () => {
    const text = '{"id":"a","n":1}\n\n   \n{"id":"b","n":2,"extra":true}\n';
    expect(parseJsonLines("rows.jsonl", text, row)).toEqual([
      { id: "a", n: 1 },
      { id: "b", n: 2 },
    ]);
    expect(parseJsonLines("rows.jsonl", "\n\n", row)).toEqual([]);
  });

  it("refuses the first line that is not JSON, counting blank lines", () => {
    const text = '{"id":"a","n":1}\n\n{id: "b"}\n{also not json\n';
    expect(() => parseJsonLines("rows.jsonl", text, row)).toThrow(/^rows\.jsonl line 3: invalid JSON \(/);
  });

  it("refuses a line of another shape, naming every field at fault", () => {
    const text = '{"id":"a","n":1}\n{"id":"","n":1.5}\n';
    expect(() => parseJsonLines("rows.jsonl", text, row)).toThrow(/^rows\.jsonl line 2: id: .+; n: .+$/);
    expect(() => parseJsonLines("rows.jsonl", text, row, "a row")).toThrow(/^rows\.jsonl line 2: not a row: id: .+; n: .+$/);
  });

  it("refuses them as a user's error (BAD_REQUEST)", () => {
    expect(() => parseJsonLines("rows.jsonl", "[1]\n", row)).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
  });
});

describe("describeIssues", () => {
  it("names the path of each issue, and gives an issue about the whole value as its message alone", () => {
    const nested = z.object({ gold: z.object({ files: z.array(z.string()) }) });
    const r = nested.safeParse({ gold: { files: ["a", 2] } });
    expect(r.success).toBe(false);
    expect(describeIssues(r.error!)).toMatch(/^gold\.files\.1: /);
    const whole = z.string().safeParse(3);
    expect(describeIssues(whole.error!)).toBe(whole.error!.issues[0].message);
  });
});
