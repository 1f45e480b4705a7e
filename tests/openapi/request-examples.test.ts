import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { requestExamples, sampleValue, type ExampleOperation } from "@/lib/openapi/request-examples";

const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, Omit<ExampleOperation, "method" | "path">>>; components: { schemas: Record<string, Record<string, unknown>> } };
const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ ...op, method, path })));
const find = (id: string) => ops.find((o) => o.operationId === id)!;

describe("request examples", () => {
  it("exist for every operation in curl and Python, and send credentials exactly where the operation needs them", () => {
    for (const op of ops) {
      const e = requestExamples(op, doc.components.schemas);
      expect(e.curl, op.operationId).toContain(`"$EXECBOARD_URL${op.path.split("{")[0]}`);
      expect(e.curl.includes("Authorization: Bearer $EXECBOARD_TOKEN"), op.operationId).toBe(op.security.length > 0);
      expect(e.python.includes("HEADERS"), op.operationId).toBe(op.security.length > 0);
      expect(e.python, op.operationId).toContain(`requests.${op.method}(`);
      expect(e.curl.startsWith(op.method === "get" ? "curl" : `curl -X ${op.method.toUpperCase()}`), op.operationId).toBe(true);
    }
  });

  it("uploads a file as multipart, and sends a JSON body that satisfies the operation's schema", () => {
    const upload = requestExamples(find("createSubmission"), doc.components.schemas);
    expect(upload.curl).toContain("-F file=@embeddings.npz");
    expect(upload.python).toContain('files={"file": open("embeddings.npz", "rb")}');
    expect(upload.cli).toContain("npx execboard submit embeddings.npz --benchmark execretrieval-demo");

    const bulk = requestExamples(find("bulkReview"), doc.components.schemas);
    const body = JSON.parse(/-d '(.*)'/.exec(bulk.curl)![1]);
    expect(body).toEqual({ action: "publish", ids: ["00000000-0000-4000-8000-000000000000"] });

    const access = requestExamples(find("requestAccess"), doc.components.schemas);
    expect(JSON.parse(/-d '(.*)'/.exec(access.curl)![1])).toMatchObject({ email: "dev@example.com", organisation: "Acme AI", model: "my-embedder" });
  });

  it("names the CLI command that does the same, with its path parameters filled in", () => {
    expect(requestExamples(find("publishSubmission")).cli).toBe("export EXECBOARD_URL=… EXECBOARD_TOKEN=ebt_…\nnpx execboard submissions publish $ID");
    expect(requestExamples(find("getDataset")).cli).toBe("export EXECBOARD_URL=…\nnpx execboard benchmark download execretrieval-demo --out ./execretrieval-demo");
    expect(requestExamples(find("getHealth")).cli).toBeNull();
  });

  it("makes values of the right type and format from a schema", () => {
    expect(sampleValue({ type: "object", required: ["n", "when", "kind"], properties: { n: { type: "integer", minimum: 3 }, when: { type: "string", format: "date" }, kind: { enum: ["a", "b"] }, skipped: { type: "string" } } })).toEqual({ n: 3, when: "2026-01-15", kind: "a" });
    expect(sampleValue({ anyOf: [{ type: "null" }, { type: "boolean" }] })).toBe(true);
    expect(sampleValue({ $ref: "#/components/schemas/X" }, { X: { type: "array", items: { type: "string", format: "uuid" } } })).toEqual(["00000000-0000-4000-8000-000000000000"]);
  });
});
