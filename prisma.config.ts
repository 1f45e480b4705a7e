import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// The native schema engine cannot be downloaded here, so the CLI runs on the JS engine
// through the pg adapter. Only `prisma generate` and `prisma migrate diff` are used.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL ?? "postgresql://localhost/execboard" });
  },
});
