import { z } from "zod";

// A repository-retrieval benchmark's identity, as its benchmark.json states it: what build-arb
// writes there and what import-arb (lib/repo-benchmark/benchmark-meta.ts) reads back, one set
// of rules for both so a mined benchmark always imports under the name it was built with.
export const arbIdentitySchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "lowercase letters, digits and dashes"),
  name: z.string().trim().min(1).max(200),
  version: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, "letters, digits, dots, dashes and underscores"),
  description: z.string().max(5000),
  license: z.string().min(1).max(500),
});
export type ArbIdentity = z.infer<typeof arbIdentitySchema>;
