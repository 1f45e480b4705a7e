import Link from "next/link";
import { getPageViewer } from "@/app/_server/page-viewer";
import { signOutAction } from "../signout/actions";

// The header's account corner: who is signed in, with a sign-out button, or a sign-in link.
export async function AccountNav() {
  const viewer = await getPageViewer();
  if (!viewer) {
    return (
      <Link href="/signin" className="rounded py-1 hover:text-slate-900">
        Sign in
      </Link>
    );
  }
  return (
    <form action={signOutAction} className="flex flex-wrap items-center gap-3">
      <span data-testid="signed-in-as" className="text-slate-700">
        {viewer.email}
      </span>
      <button type="submit" className="rounded py-1 hover:text-slate-900">
        Sign out
      </button>
    </form>
  );
}
