import { requireDatabaseUrl } from "@/lib/config";
import { migrate } from "@/lib/db/migrate";

export async function migrateCommand(): Promise<number> {
  const result = await migrate(requireDatabaseUrl());
  console.log(`migrations: ${result.applied.length} applied, ${result.skipped.length} already present`);
  for (const name of result.applied) console.log(`  applied ${name}`);
  return 0;
}
