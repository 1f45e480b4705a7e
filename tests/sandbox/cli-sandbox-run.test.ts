import { once } from "node:events";
import { PassThrough } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxRunCommand } from "@/lib/cli/sandbox-run";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS } from "./helpers";

// `execboard sandbox run` end to end: JSON lines in, JSON lines out, streaming, bad lines.

function harness(argv: string[]) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (c: Buffer) => (out += c.toString()));
  stderr.on("data", (c: Buffer) => (err += c.toString()));
  const exit = sandboxRunCommand(argv, { stdin, stdout, stderr });
  return { stdin, exit, out: () => out, err: () => err, stdout };
}

const pair = (id: string, tests: string[], extra: object = {}) =>
  JSON.stringify({ id, code: "def sq(x):\n    return x * x\n", tests, ...extra }) + "\n";

const parseLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

describe.each(["docker", "process"] as const)("execboard sandbox run --backend %s", (backend) => {
  beforeAll(() => void (backend === "docker" && ensureSandboxImage()), IMAGE_TIMEOUT_MS);

  it("streams results before stdin ends, reports bad lines, exits 1", async () => {
    const h = harness(["--backend", backend]);
    h.stdin.write(pair("first", ["assert sq(3) == 9"]));
    await once(h.stdout, "data"); // answered while stdin is still open
    h.stdin.write(pair("second", ["assert sq(2) == 5", "assert sq(0) == 0"], { timeoutMs: 2000 }));
    h.stdin.write("{not json\n");
    h.stdin.write(JSON.stringify({ id: "no-tests", code: "x = 1", tests: [] }) + "\n");
    h.stdin.write(JSON.stringify({ id: "bad-timeout", code: "", tests: ["assert 1"], timeoutMs: "soon" }) + "\n");
    h.stdin.write("\n");
    h.stdin.end(pair("third", ["sq(None)"]));
    expect(await h.exit).toBe(1);
    const lines = parseLines(h.out());
    expect(lines).toHaveLength(6);
    const byId = new Map(lines.filter((l) => l.id).map((l) => [l.id, l]));
    expect(byId.get("first")).toMatchObject({ outcomes: ["pass"], passed: true });
    expect(byId.get("second")).toMatchObject({ outcomes: ["FAIL", "pass"], passed: false });
    expect(byId.get("third")).toMatchObject({ outcomes: ["FAIL:TypeError"], passed: false });
    expect(typeof byId.get("first").durationMs).toBe("number");
    expect(byId.get("no-tests").error).toMatch(/tests/);
    expect(byId.get("bad-timeout").error).toMatch(/timeoutMs/);
    expect(lines.find((l) => l.id === null).error).toMatch(/invalid JSON/);
    expect(h.err()).toContain(`backend=${backend} isolation=${backend === "docker" ? "container" : "namespaces"}`);
  });

  it("exits 0 on a clean batch of many pairs", async () => {
    const h = harness([`--backend=${backend}`]);
    for (let i = 0; i < 150; i++) h.stdin.write(pair(`p${i}`, [`assert sq(${i}) == ${i * i}`]));
    h.stdin.end();
    expect(await h.exit).toBe(0);
    const lines = parseLines(h.out());
    expect(lines.map((l) => l.id).sort()).toEqual(Array.from({ length: 150 }, (_, i) => `p${i}`).sort());
    expect(lines.every((l) => l.passed)).toBe(true);
  });
});

describe("execboard sandbox run arguments", () => {
  it("rejects an unknown backend with a usage message", async () => {
    const h = harness(["--backend", "vm"]);
    expect(await h.exit).toBe(2);
    expect(h.err()).toMatch(/invalid --backend vm[\s\S]*usage/);
  });
});
