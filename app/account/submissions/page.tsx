import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { OwnSubmissionList } from "@/components/submission/own-submission-list";
import { QuotaCard } from "@/components/submission/quota-card";
import { listOwnQuotas } from "@/lib/account/list-own-quotas";
import { listOwnSubmissions } from "@/lib/account/list-own-submissions";
import { requireSignedIn } from "../guard";
import { Section } from "@/components/ui/section";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("My submissions", "Your submissions, their status, and what remains of your quota.", { noindex: true });

export default async function MySubmissionsPage() {
  const viewer = await requireSignedIn("/account/submissions");
  const [items, quotas] = await Promise.all([listOwnSubmissions(viewer), listOwnQuotas(viewer)]);
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">My submissions</h1>
          <p className="text-sm text-slate-600">Signed in as {viewer.email}. Unpublished results are visible to you (and, for an organisation's, its members) and the maintainers only.</p>
        </div>
        <Link prefetch={false} href="/submit" className="rounded bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2">
          New submission
        </Link>
      </header>

      <Section id="quota-heading" title="Quota">
        <div className="grid gap-3 sm:grid-cols-2">
          {quotas.map((q) => (
            <QuotaCard key={`${q.organisation?.slug ?? ""}/${q.benchmark}`} quota={q} />
          ))}
        </div>
      </Section>

      <Section id="list-heading" title={`Submissions (${items.length})`}>
        {items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            Nothing yet. <Link prefetch={false} href="/submit" className="font-medium text-emerald-800 underline">Submit your first model</Link>.
          </p>
        ) : (
          <OwnSubmissionList items={items} />
        )}
      </Section>
    </div>
  );
}
