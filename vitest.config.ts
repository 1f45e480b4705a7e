import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  // tsconfig.json keeps JSX for Next.js ("preserve"); tests that import .tsx need it compiled.
  oxc: { jsx: { runtime: "automatic" } },
  test: {
    include: ["tests/**/*.test.ts", "lib/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Integration suites share one Postgres/Redis/Docker; keep files serial.
    fileParallelism: false,
  },
});
