import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["tests/**/*.test.ts", "lib/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Integration suites share one Postgres/Redis/Docker; keep files serial.
    fileParallelism: false,
  },
});
