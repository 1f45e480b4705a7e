import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { ClaimForm } from "./claim-form";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Follow your access request", "See what became of your request for a vendor account, and claim the account once it is approved.", { noindex: true });

export default function ClaimPage() {
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Follow your access request</h1>
      <p className="text-sm text-slate-600">
        Enter the claim code you were shown when you <Link href="/access" className="underline">requested access</Link>. The code is sent in the
        form, never in a link, and works once to claim the account.
      </p>
      <ClaimForm />
    </div>
  );
}
