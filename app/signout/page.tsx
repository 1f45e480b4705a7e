import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { getPageViewer } from "@/app/_server/page-viewer";
import { signOutAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Sign out", "End your ExecBoard session.", { noindex: true });

// Signing out changes state, so it takes a POST (the button), never a bare visit.
export default async function SignOutPage() {
  const viewer = await getPageViewer();
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Sign out</h1>
      {viewer ? (
        <form action={signOutAction} className="space-y-4">
          <p>
            Signed in as <strong>{viewer.email}</strong>.
          </p>
          <button type="submit" className="rounded bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700">
            Sign out
          </button>
        </form>
      ) : (
        <p>
          You are not signed in. <Link href="/signin" className="underline">Sign in</Link>
        </p>
      )}
    </div>
  );
}
