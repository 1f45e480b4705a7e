import { defineConfig } from "@playwright/test";

// Browser tests run against the server scripts/test.sh started, in Debian's Chromium (no
// browser download).
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  retries: 0,
  workers: 1,
  use: {
    baseURL: process.env.EXECBOARD_URL ?? "http://127.0.0.1:3111",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
});
