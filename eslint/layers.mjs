// ExecBoard's architecture rules, enforced by ESLint (eslint.config.mjs): which part of the tree
// may import which. lib/ is layered; a folder may import its own layer and the layers below,
// never above, and never the shells (app/, components/, workers/, server/). Some libraries belong to one
// place: the Docker client to the Docker sandbox backend, the queue library to lib/queue and the
// workers, Next.js and React to the web shell, the environment to lib/config.
import path from "node:path";

/** lib/ folders by layer, lowest first. docs/design-notes.md explains the layers. */
export const LAYERS = [
  // 0: foundations
  ["errors", "config", "text"],
  // 1: infrastructure
  ["db", "storage", "queue", "git"],
  // 2: algorithms and formats, framework-free
  ["metrics", "retrieval", "embeddings", "rankings", "construction", "sandbox", "execution", "browser-check", "tokenizer", "repo-files", "repo-metrics", "repo-runs", "repo-search"],
  // 3: domain records
  ["auth", "audit", "organisations", "quotas", "submissions", "provenance", "benchmark", "analysis", "repo-corpus", "repo-benchmark"],
  // 4: benchmark kinds and their statistics
  ["kinds", "leaderboard", "drilldown", "baselines", "repo-board"],
  // 5: services
  ["intake", "scoring", "review", "rescore", "account", "access"],
  // 6: edges: pages' data, the API's description and HTTP plumbing, the CLI
  ["pages", "openapi", "http", "rate-limit", "cli"],
];

const LAYER_OF = new Map(LAYERS.flatMap((folders, layer) => folders.map((f) => [f, layer])));
const SHELLS = new Set(["app", "components", "workers", "server"]);

/** Where a repo-relative path lives: { top: "lib" | "app" | …, folder: lib folder or null }. */
function placeOf(rel) {
  const parts = rel.split(path.sep);
  return { top: parts[0], folder: parts[0] === "lib" ? parts[1] : null };
}

function resolveSpecifier(spec, fromFile, root) {
  if (spec.startsWith("@/")) return path.join(root, spec.slice(2));
  if (spec.startsWith("./") || spec.startsWith("../")) return path.resolve(path.dirname(fromFile), spec);
  return null;
}

const RESTRICTED_PACKAGES = [
  { name: /^dockerode$/, allowed: (rel) => rel === path.join("lib", "sandbox", "docker-backend.ts"), what: "the Docker client belongs to the Docker sandbox backend (lib/sandbox/docker-backend.ts)" },
  {
    name: /^(bullmq|ioredis)$/,
    // Tests look at the real queues and Redis keys they exercise.
    allowed: (rel) => rel.startsWith(path.join("lib", "queue") + path.sep) || rel.startsWith("workers" + path.sep) || rel.startsWith("tests" + path.sep),
    types: true,
    what: "the queue library belongs to lib/queue and workers/ (type-only imports are fine)",
  },
  { name: /^(next|react|react-dom)(\/.*)?$/, allowed: (rel) => !rel.startsWith("lib" + path.sep), what: "Next.js and React belong to app/ and components/, not lib/" },
];

/** @type {import("eslint").Rule.RuleModule} */
export const layersRule = {
  meta: { type: "problem", docs: { description: "ExecBoard's import layering" }, schema: [], messages: { bad: "{{message}}" } },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const rel = path.relative(root, file);
    const here = placeOf(rel);
    const check = (node, spec, typeOnly) => {
      for (const r of RESTRICTED_PACKAGES) {
        if (r.name.test(spec) && !r.allowed(rel) && !(r.types && typeOnly)) {
          context.report({ node, messageId: "bad", data: { message: `${rel} imports ${spec}: ${r.what}` } });
        }
      }
      if (here.top !== "lib") return;
      const target = resolveSpecifier(spec, file, root);
      if (!target) return;
      const there = placeOf(path.relative(root, target));
      if (SHELLS.has(there.top)) {
        context.report({ node, messageId: "bad", data: { message: `${rel} imports ${spec}: lib/ never imports the shells (app/, components/, workers/, server/)` } });
        return;
      }
      if (there.top !== "lib" || !there.folder || there.folder === here.folder) return;
      const from = LAYER_OF.get(here.folder), to = LAYER_OF.get(there.folder);
      if (from === undefined || to === undefined) {
        const unknown = from === undefined ? here.folder : there.folder;
        context.report({ node, messageId: "bad", data: { message: `lib/${unknown} has no layer: add it to LAYERS in eslint/layers.mjs` } });
        return;
      }
      if (to > from) {
        context.report({
          node,
          messageId: "bad",
          data: { message: `${rel} imports ${spec}: lib/${here.folder} (layer ${from}) may not import lib/${there.folder} (layer ${to}); imports point down the layers` },
        });
      }
    };
    return {
      ImportDeclaration(node) {
        check(node, node.source.value, node.importKind === "type");
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value, node.exportKind === "type");
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value, node.exportKind === "type");
      },
      ImportExpression(node) {
        if (node.source.type === "Literal" && typeof node.source.value === "string") check(node, node.source.value, false);
      },
      // The environment is read once, in lib/config.
      MemberExpression(node) {
        if (!rel.startsWith("lib" + path.sep) || rel.startsWith(path.join("lib", "config") + path.sep)) return;
        if (node.object.type === "Identifier" && node.object.name === "process" && node.property.type === "Identifier" && node.property.name === "env") {
          context.report({ node, messageId: "bad", data: { message: `${rel} reads process.env: the environment is read once, in lib/config` } });
        }
      },
    };
  },
};

export const execboardPlugin = { rules: { layers: layersRule } };
