import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { getPageViewer } from "@/app/_server/page-viewer";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";
import { signOutAction } from "../signout/actions";
import { SignInForm } from "./signin-form";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Sign in", "Sign in to ExecBoard with an API token to submit models and see your private results.", { noindex: true });

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; signedOut?: string }> }) {
  const params = await searchParams;
  const viewer = await getPageViewer();
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      {viewer ? (
        <div className="space-y-4">
          <p>
            You are signed in as <strong>{viewer.email}</strong> ({viewer.role}).
          </p>
          <form action={signOutAction}>
            <button type="submit" className="rounded border border-slate-300 px-4 py-2 text-sm hover:bg-slate-100">
              Sign out
            </button>
          </form>
        </div>
      ) : (
        <>
          {params.signedOut && (
            <p role="status" className="text-sm text-slate-600">
              You have signed out.
            </p>
          )}
          <p className="text-sm text-slate-600">
            Paste one of your API tokens. ExecBoard checks it and keeps you signed in with a session cookie; the token itself is not
            stored in the browser. No token yet? <Link href="/access" className="underline">Request vendor access</Link>: once a
            maintainer approves it, claiming the account shows your first token. Manage the rest on your account page or with{" "}
            <code>execboard tokens</code>. Revoking the token you signed in with ends the session too.
          </p>
          <SignInForm next={safeRedirectPath(params.next)} />
        </>
      )}
      <p className="text-sm text-slate-600">
        Scripts use the token directly: <code>Authorization: Bearer ebt_…</code> — see the <Link href="/docs/api" className="underline">API reference</Link>.
      </p>
    </div>
  );
}
