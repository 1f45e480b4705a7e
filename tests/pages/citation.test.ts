import { describe, expect, it } from "vitest";
import { benchmarkBibtex, paperBibtex, paperReferenceLine } from "@/lib/pages/citation";
import { execRetrievalKind } from "@/lib/kinds/exec-retrieval";

const paper = execRetrievalKind.presentation.reference!;

describe("citations", () => {
  it("cites a benchmark version as BibTeX pointing at its page, with its licence and the paper it follows", () => {
    const b = benchmarkBibtex({ slug: "execretrieval-core", name: "ExecRetrieval Core", version: "1.1.0", license: "CC-BY-4.0", createdAt: "2026-11-30T10:00:00.000Z", url: "https://board.example/benchmarks/execretrieval-core/1.1.0" }, paper);
    expect(b.split("\n")[0]).toBe("@misc{execretrieval-core-1-1-0,");
    expect(b).toContain("title        = {{ExecRetrieval Core}, version 1.1.0},");
    expect(b).toContain("year         = {2026},");
    expect(b).toContain("howpublished = {\\url{https://board.example/benchmarks/execretrieval-core/1.1.0}},");
    expect(b).toContain("licence CC-BY-4.0; follows \\cite{kapoor2026execretrieval}");
    expect(b.endsWith("}")).toBe(true);
  });

  it("escapes what BibTeX would read as commands", () => {
    const b = benchmarkBibtex({ slug: "x", name: "R&D_bench {50%}", version: "1", license: "MIT", createdAt: "2026-01-01T00:00:00Z", url: "https://x" });
    expect(b).toContain("{{R\\&D\\_bench \\{50\\%\\}}, version 1}");
  });

  it("cites the paper and gives a reader's reference line", () => {
    const p = paperBibtex(paper);
    expect(p).toContain("@article{kapoor2026execretrieval,");
    expect(p).toContain("author  = {Kapoor, Aaryan and Khan, Md Abdullah Al Hafiz},");
    expect(p).toContain("journal = {arXiv preprint arXiv:2609.01865},");
    expect(paperReferenceLine(paper)).toBe("Kapoor, A. and Khan, M. A. A. H. (2026). ExecRetrieval: Measuring the Functional-Correctness Gap in Code-Embedding Retrieval. arXiv preprint arXiv:2609.01865.");
  });
});
