import { ZodError } from "zod";
import { isAppError } from "@/lib/errors/app-error";
import { closeQueue } from "@/lib/queue/enqueue";
import { EXIT, exitCodeFor } from "./exit-codes";

// execboard <command> … — each command lives in its own file and returns an exit code; errors
// map to exit codes in exit-codes.ts: 0 ok, 1 failed, 2 usage, 3 auth, 4 not found, 5 quota or
// rate limit.
const COMMANDS: Record<string, { summary: string; load: () => Promise<(argv: string[]) => Promise<number>> }> = {
  migrate: { summary: "apply database migrations", load: async () => (await import("./migrate-command")).migrateCommand },
  sandbox: { summary: "sandbox run [--backend docker|process|auto]  (JSON lines on stdin)", load: async () => (await import("./sandbox-command")).sandboxCommand },
  benchmark: { summary: "benchmark build <src-dir> [--out <dir>] | benchmark import <dir> | benchmark build-arb <git repo> --base <commit> --out <dir>", load: async () => (await import("./benchmark-command")).benchmarkCommand },
  users: { summary: "users create|list|set-role|token --email <e> [--role vendor|maintainer|admin]  (operators)", load: async () => (await import("./users-command")).usersCommand },
  orgs: { summary: "orgs create|list|show|add-member|remove-member  (organisations: admins, and owners for their own)", load: async () => (await import("./orgs-command")).orgsCommand },
  submissions: { summary: "submissions publish|reject|verify|unverify|note|hide|rerun <id> | queue | audit  (maintainers)", load: async () => (await import("./submissions-command")).submissionsCommand },
  submit: { summary: "submit <file.npz> --metadata <json|file> --benchmark <slug> [--org <slug>] [--wait]  (resumable: run it again to continue)", load: async () => (await import("./submit-command")).submitCommand },
  status: { summary: "status <submission-id> [--json]", load: async () => (await import("./status-command")).statusCommand },
  results: { summary: "results <submission-id> [--json]  (metrics table)", load: async () => (await import("./results-command")).resultsCommand },
  tokens: { summary: "tokens create|list|revoke|rotate  (your API tokens)", load: async () => (await import("./tokens-command")).tokensCommand },
  quota: { summary: "quota --benchmark <slug> [--org <slug>] [--check] | quota set --user <e>|--org <slug> --benchmark <slug> --per-day|--total|--concurrent <n>", load: async () => (await import("./quota-command")).quotaCommand },
  rescore: { summary: "rescore --benchmark <slug> [--all-published] [--dry-run] [--wait] | rescore status <batch-id>  (maintainers)", load: async () => (await import("./rescore-command")).rescoreCommand },
  baselines: { summary: "baselines submit --benchmark <slug> [--wait] [--publish]", load: async () => (await import("./baselines-command")).baselinesCommand },
  demo: { summary: "demo seed [--benchmark core|demo|arb-self|<dir>] [--no-arb]  (import a built-in benchmark, score and publish its baselines)", load: async () => (await import("./demo-command")).demoCommand },
};

// Commands of the process shells rather than of lib/ (bin/execboard.mjs starts them).
const SHELL_COMMANDS: Record<string, string> = {
  worker: "start a scoring worker (workers/index.ts)",
};

export function usage(): string {
  const lines = [...Object.entries(COMMANDS).map(([n, c]) => [n, c.summary]), ...Object.entries(SHELL_COMMANDS)];
  return ["usage: execboard <command> [options]", "", ...lines.map(([n, summary]) => `  ${n.padEnd(12)} ${summary}`)].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`execboard: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    const run = await command.load();
    return await run(rest);
  } catch (e) {
    return exitFor(name, e);
  } finally {
    // Publishing, re-scoring and seeding queue jobs: a command must not stay alive on the queue's connection.
    await closeQueue().catch(() => undefined);
  }
}

function exitFor(name: string, e: unknown): number {
  if (isAppError(e)) {
    console.error(`execboard ${name}: ${e.message}`);
    return exitCodeFor(e);
  }
  if (e instanceof ZodError) {
    console.error(`execboard ${name}: ${e.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ")}`);
    return EXIT.usage;
  }
  console.error(`execboard ${name}: ${(e as Error).stack ?? e}`);
  return EXIT.failed;
}
