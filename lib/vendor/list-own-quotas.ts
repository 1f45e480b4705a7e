import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { computeQuota } from "@/lib/quotas/compute-quota";
import type { QuotaView } from "@/lib/quotas/quota-view";

// The viewer's quota on every benchmark, for their submissions page.
export async function listOwnQuotas(viewer: Principal): Promise<QuotaView[]> {
  const benchmarks = await db().benchmark.findMany({ where: { versions: { some: {} } }, select: { id: true, slug: true }, orderBy: { slug: "asc" } });
  const now = new Date();
  return Promise.all(benchmarks.map((b) => computeQuota(db(), { user: { id: viewer.userId, email: viewer.email }, benchmark: b }, now)));
}
