import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { RequestAccessForm } from "./request-form";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Request vendor access", "Ask for an ExecBoard vendor account to submit a model's embeddings or rankings for execution-grounded scoring.");

export default function RequestAccessPage() {
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Request vendor access</h1>
      <p className="text-sm text-slate-600">
        To submit a model you need a vendor account. Tell the maintainers who you are and what you want to evaluate; you get a claim code at
        once. A maintainer reviews the request; with the code you see the decision and, once approved, claim your account: it is created then
        and its first API token is shown to you once. Already have a token? <Link href="/signin" className="underline">Sign in</Link>. Have a
        claim code? <Link href="/access/claim" className="underline">Follow your request</Link>.
      </p>
      <RequestAccessForm />
    </div>
  );
}
