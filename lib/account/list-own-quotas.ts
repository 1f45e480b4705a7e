import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { computeQuota } from "@/lib/quotas/compute-quota";
import type { QuotaView } from "@/lib/quotas/quota-view";

// The viewer's own quota on every benchmark, then each of their organisations' (shared by its
// members), for their submissions page.
export async function listOwnQuotas(viewer: Principal): Promise<QuotaView[]> {
  const [benchmarks, organisations] = await Promise.all([
    db().benchmark.findMany({ where: { versions: { some: {} } }, select: { id: true, slug: true }, orderBy: { slug: "asc" } }),
    db().organisation.findMany({ where: { members: { some: { userId: viewer.userId } } }, select: { id: true, slug: true, name: true }, orderBy: { slug: "asc" } }),
  ]);
  const now = new Date();
  const user = { id: viewer.userId, email: viewer.email };
  return Promise.all([null, ...organisations].flatMap((organisation) => benchmarks.map((benchmark) => computeQuota(db(), { user, organisation, benchmark }, now))));
}
