import Link from "next/link";
import { getPageViewer } from "@/app/_server/page-viewer";
import { isMaintainer } from "@/lib/auth/policies";

// Header links for signed-in accounts: everyone may submit, see their submissions and manage
// their account (tokens, organisations); maintainers and admins also get the review queue. Not
// prefetched: these pages are per-user and change as submissions move, and a prefetched copy
// would show a stale list.
export async function AccountLinks() {
  const viewer = await getPageViewer();
  if (!viewer) return null;
  return (
    <>
      <Link prefetch={false} href="/submit" className="hover:text-slate-900">
        Submit
      </Link>
      <Link prefetch={false} href="/account/submissions" className="hover:text-slate-900">
        My submissions
      </Link>
      <Link prefetch={false} href="/account" className="hover:text-slate-900">
        Account
      </Link>
      {isMaintainer(viewer) && (
        <Link prefetch={false} href="/review" className="hover:text-slate-900">
          Review
        </Link>
      )}
    </>
  );
}
