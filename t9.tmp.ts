import { buildArb } from "@/lib/construction/arb-mining/build-arb";
const t0 = Date.now();
const r = await buildArb({ repoDir: "/work/main", base: "140458f4528b758a7edb0dfd4af5a9c44393bb62", meta: { slug: "arb-self", name: "x", version: "1", description: "", license: "MIT", repo: "execboard/execboard" }, trace: null, onProgress: (m) => console.error(m) });
console.log(Date.now() - t0, "ms");
console.log(JSON.stringify(r.report.tasks, null, 1));
console.log(r.report.gates.filter(g => g.caught).map(g => [g.gate, g.caught, g.samples.slice(0,3)]));
import fs from "node:fs"; fs.mkdirSync("/tmp/arbmine-proto/out", {recursive: true}); for (const [k, v] of Object.entries(r.files)) fs.writeFileSync("/tmp/arbmine-proto/out/" + k, v);
