// The layering rules are enforced by the project's own ESLint configuration (eslint.config.mjs
// with eslint/layers.mjs), so `npm run lint` fails on a breach. Each case lints one made-up
// file at a path inside the tree with that configuration, and expects the rule to name it; the
// controls are the same imports where they are allowed.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(".") });

async function layerMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return result.messages.filter((m) => m.ruleId === "execboard/layers").map((m) => m.message);
}

describe("the layering rules, as npm run lint applies them", () => {
  it.each([
    ["an import up the layers", "lib/submissions/breach.ts", 'import { createSubmission } from "@/lib/intake/create-submission";\nexport const x = createSubmission;\n', /lib\/submissions \(layer 3\) may not import lib\/intake \(layer 5\)/],
    ["a relative import up the layers", "lib/metrics/breach.ts", 'import { scoreSubmission } from "../scoring/score-submission";\nexport const x = scoreSubmission;\n', /lib\/metrics \(layer 2\) may not import lib\/scoring \(layer 5\)/],
    ["lib importing the workers", "lib/review/breach.ts", 'import { MAIN_HANDLERS } from "@/workers/registry";\nexport const x = MAIN_HANDLERS;\n', /lib\/ never imports the shells/],
    ["lib importing a page", "lib/pages/breach.ts", 'import { getPageViewer } from "@/app/_server/page-viewer";\nexport const x = getPageViewer;\n', /lib\/ never imports the shells/],
    ["Docker outside the Docker backend", "lib/provenance/breach.ts", 'import Docker from "dockerode";\nexport const x = Docker;\n', /the Docker client belongs to the Docker sandbox backend/],
    ["Next.js in lib", "lib/pages/breach.ts", 'import { notFound } from "next/navigation";\nexport const x = notFound;\n', /Next\.js and React belong to app\/ and components\/, not lib\//],
    ["React in lib", "lib/analysis/breach.ts", 'import { createElement } from "react";\nexport const x = createElement;\n', /Next\.js and React belong to app\/ and components\/, not lib\//],
    ["the queue library outside lib/queue", "lib/scoring/breach.ts", 'import { Queue } from "bullmq";\nexport const x = Queue;\n', /the queue library belongs to lib\/queue and workers\//],
    ["the environment outside lib/config", "lib/auth/breach.ts", "export const ttl = process.env.EXECBOARD_TOKEN_TTL_DAYS;\n", /reads process\.env: the environment is read once, in lib\/config/],
    ["a lib folder without a layer", "lib/newfolder/breach.ts", 'import { db } from "@/lib/db/client";\nexport const x = db;\n', /lib\/newfolder has no layer: add it to LAYERS/],
  ])("fails on %s", async (_what, file, code, message) => {
    const messages = await layerMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each([
    ["an import down the layers", "lib/intake/fine.ts", 'import { transition } from "@/lib/submissions/status";\nexport const x = transition;\n'],
    ["an import within the layer", "lib/scoring/fine.ts", 'import { publishSubmission } from "@/lib/review/publish-submission";\nexport const x = publishSubmission;\n'],
    ["Docker in the Docker backend", "lib/sandbox/docker-backend.ts", 'import Docker from "dockerode";\nexport const x = Docker;\n'],
    ["the queue library in lib/queue", "lib/queue/fine.ts", 'import { Queue } from "bullmq";\nexport const x = Queue;\n'],
    ["a type-only import of the queue library", "lib/scoring/fine.ts", 'import type { Job } from "bullmq";\nexport type X = Job;\n'],
    ["Next.js in a page", "app/_server/fine.ts", 'import { notFound } from "next/navigation";\nexport const x = notFound;\n'],
    ["the environment in lib/config", "lib/config/fine.ts", "export const ttl = process.env.EXECBOARD_TOKEN_TTL_DAYS;\n"],
  ])("allows %s", async (_what, file, code) => {
    expect(await layerMessages(file, code)).toEqual([]);
  });
});
