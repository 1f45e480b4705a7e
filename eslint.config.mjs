import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { execboardPlugin } from "./eslint/layers.mjs";

export default tseslint.config(
  { ignores: ["node_modules/**", ".next/**", ".next-*/**", "var/**", "lib/db/generated/**", "next-env.d.ts", "tests/fixtures/**", "benchmarks/arb-self-src/companion/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  // The architecture: lib/ in layers, and who may import Docker, the queue library, Next.js
  // and React, and the environment (eslint/layers.mjs).
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    plugins: { execboard: execboardPlugin },
    rules: { "execboard/layers": "error" },
  },
  {
    files: ["**/*.mjs", "**/*.cjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
