import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { requireDatabaseUrl } from "@/lib/config";

export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

// One client per process. Next.js dev reloads modules, so keep it on globalThis.
const globalForPrisma = globalThis as unknown as { execboardPrisma?: PrismaClient };

export function db(): PrismaClient {
  if (!globalForPrisma.execboardPrisma) {
    const adapter = new PrismaPg({ connectionString: requireDatabaseUrl(), max: 10 });
    globalForPrisma.execboardPrisma = new PrismaClient({ adapter });
  }
  return globalForPrisma.execboardPrisma;
}

export async function disconnectDb(): Promise<void> {
  if (globalForPrisma.execboardPrisma) {
    await globalForPrisma.execboardPrisma.$disconnect();
    globalForPrisma.execboardPrisma = undefined;
  }
}
