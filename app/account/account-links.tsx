import Link from "next/link";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { isMaintainer } from "@/lib/auth/policies";

// Header links for signed-in accounts: everyone may submit and see their submissions;
// maintainers and admins also get the review queue.
export async function AccountLinks() {
  const viewer = await getPageViewer();
  if (!viewer) return null;
  return (
    <>
      <Link href="/submit" className="hover:text-slate-900">
        Submit
      </Link>
      <Link href="/account/submissions" className="hover:text-slate-900">
        My submissions
      </Link>
      {isMaintainer(viewer) && (
        <Link href="/review" className="hover:text-slate-900">
          Review
        </Link>
      )}
    </>
  );
}
