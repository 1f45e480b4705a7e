import { expect, test, type APIRequestContext } from "@playwright/test";
import { z } from "zod";
import { DEMO } from "./reader-helpers";

// API clients rely on the served OpenAPI document: the demo's real answers, with its baselines'
// exact ties (fractional exec@k, expected discordant counts, edit-blind diagnostics), must match
// the schemas it documents, which are closed (a field it does not list fails).
type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>; components: { schemas: Record<string, unknown> } };

function documented(doc: Doc, path: string): z.ZodType {
  const schema = doc.paths[path]?.get?.responses["200"]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`GET ${path} documents no JSON 200 answer`);
  const rewrite = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll("#/components/schemas/", "#/$defs/"));
  return z.fromJSONSchema({ ...rewrite(schema), $defs: rewrite(doc.components.schemas) });
}

async function answer(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return res.json();
}

function expectConforms(validator: z.ZodType, body: unknown, what: string) {
  const r = validator.safeParse(body);
  expect(r.success, `${what}: ${r.success ? "" : r.error.message}`).toBe(true);
}

test("the analysis, pairwise, difficulty and leaderboard answers match the OpenAPI document", async ({ request }) => {
  const doc: Doc = await answer(request, "/api/v1/openapi.json");
  const board = await answer(request, `/api/v1/benchmarks/${DEMO}/leaderboard`);
  expectConforms(documented(doc, "/api/v1/benchmarks/{slug}/leaderboard"), board, "leaderboard");

  const pairwise = await answer(request, `/api/v1/benchmarks/${DEMO}/pairwise`);
  const pairwiseSchema = documented(doc, "/api/v1/benchmarks/{slug}/pairwise");
  expectConforms(pairwiseSchema, pairwise, "pairwise");
  expect(pairwiseSchema.safeParse({ ...pairwise, comparisons: [{ ...pairwise.comparisons[0], pMethod: "guessed" }] }).success).toBe(false);
  // The demo's baselines tie often: some expected discordant count is a fraction, and every
  // exec comparison says how its p was computed.
  const exec = pairwise.comparisons.filter((c: { metric: string }) => c.metric === "exec");
  expect(exec.length).toBeGreaterThan(0);
  expect(exec.every((c: { pMethod: string | null }) => c.pMethod === "exact" || c.pMethod === "monte-carlo")).toBe(true);
  expect(exec.some((c: { aOnly: number }) => !Number.isInteger(c.aOnly))).toBe(true);

  expectConforms(documented(doc, "/api/v1/benchmarks/{slug}/analysis"), await answer(request, `/api/v1/benchmarks/${DEMO}/analysis`), "version analysis");
  expectConforms(documented(doc, "/api/v1/benchmarks/{slug}/difficulty"), await answer(request, `/api/v1/benchmarks/${DEMO}/difficulty`), "difficulty");

  const analysisSchema = documented(doc, "/api/v1/submissions/{id}/analysis");
  for (const row of board.rows as { submissionId: string; model: string }[]) {
    const full = await answer(request, `/api/v1/submissions/${row.submissionId}/analysis`);
    expectConforms(analysisSchema, full, `analysis of ${row.model}`);
    expect(full.analysis.engineVersion).toBe(2);
    expectConforms(analysisSchema, await answer(request, `/api/v1/submissions/${row.submissionId}/analysis?perQuery=false`), `analysis of ${row.model} without per-query records`);
  }
  // Closed: an answer with a field the document does not list fails.
  expect(documented(doc, "/api/v1/benchmarks/{slug}/difficulty").safeParse({ ...(await answer(request, `/api/v1/benchmarks/${DEMO}/difficulty`)), extra: 1 }).success).toBe(false);
});
