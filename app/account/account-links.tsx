import Link from "next/link";
import { getPageViewer } from "@/app/_server/page-viewer";
import { isMaintainer } from "@/lib/auth/policies";

// Header links for signed-in accounts (beside "Submit a model", which everyone has): their
// submissions and their account (tokens, organisations); maintainers and admins also get the
// review queue. Not
// prefetched: these pages are per-user and change as submissions move, and a prefetched copy
// would show a stale list.
const LINK = "rounded py-1 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600";

export async function AccountLinks() {
  const viewer = await getPageViewer();
  if (!viewer) return null;
  return (
    <>
      <Link prefetch={false} href="/account/submissions" className={LINK}>
        My submissions
      </Link>
      <Link prefetch={false} href="/account" className={LINK}>
        Account
      </Link>
      {isMaintainer(viewer) && (
        <Link prefetch={false} href="/review" className={LINK}>
          Review
        </Link>
      )}
    </>
  );
}
