import { redirect } from "next/navigation";
import { getPageViewer } from "@/app/_server/page-viewer";
import type { Principal } from "@/lib/auth/principal";

// Vendor pages need a signed-in viewer; anyone else is sent to sign in and brought back.
export async function requireSignedIn(next: string): Promise<Principal> {
  const viewer = await getPageViewer();
  if (!viewer) redirect(`/signin?next=${encodeURIComponent(next)}`);
  return viewer;
}
