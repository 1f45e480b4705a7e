import { notFound, redirect } from "next/navigation";
import { getPageViewer } from "@/app/_server/page-viewer";
import { isMaintainer } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";

// Review pages are for maintainers and admins. Anonymous readers are asked to sign in; signed-in
// vendors get the site's 404, so the pages reveal nothing about the queue.
export async function requireMaintainerPage(next: string): Promise<Principal> {
  const viewer = await getPageViewer();
  if (!viewer) redirect(`/signin?next=${encodeURIComponent(next)}`);
  if (!isMaintainer(viewer)) notFound();
  return viewer;
}
