import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    include: ["tests/**/*.test.ts", "lib/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Integration suites share one Postgres/Redis/Docker; keep files serial.
    fileParallelism: false,
  },
});
