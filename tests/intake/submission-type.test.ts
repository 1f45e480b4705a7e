// Intake asks the benchmark's kind which submission type a file is: declared, or sniffed from
// the first bytes, the same rule the submit page's browser check applies.
import { describe, expect, it } from "vitest";
import { chooseSubmissionType } from "@/lib/intake/submission-type";
import { execRetrievalKind } from "@/lib/kinds/exec-retrieval";
import { detectSubmissionKind } from "@/lib/rankings/detect-kind";

const kind = execRetrievalKind;
const heads = ["PK\x03\x04rest", '{"query_id"', ' \r\n\t{"query_id"', '\ufeff{"query_id"', "definitely not a zip", ""];

describe("choosing the submission type of an upload", () => {
  it("sniffs ranking files and takes anything else for an .npz, as the browser check does", () => {
    for (const h of heads) {
      const head = Buffer.from(h);
      expect(chooseSubmissionType(kind, head).id).toBe(detectSubmissionKind(head));
    }
    expect(chooseSubmissionType(kind, Buffer.from('{"q"')).extension).toBe("jsonl");
    expect(chooseSubmissionType(kind, Buffer.from("PK\x03\x04")).extension).toBe("npz");
  });

  it("takes a declared type over the bytes, and names the types it takes when the declared one is unknown", () => {
    expect(chooseSubmissionType(kind, Buffer.from("PK\x03\x04"), "ranking").id).toBe("ranking");
    expect(chooseSubmissionType(kind, Buffer.from("{"), "").id).toBe("ranking");
    expect(() => chooseSubmissionType(kind, Buffer.from("{"), "matrix")).toThrow(
      'kind must be "embeddings" (an .npz of embedding matrices) or "ranking" (a ranking file (JSON lines)); got "matrix"',
    );
  });
});
