import { requireViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { removeMember } from "@/lib/organisations/change-membership";
import { organisationActor } from "@/lib/organisations/organisation-actor";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// DELETE /api/v1/organisations/{slug}/members/{email} – remove a member (admins, the organisation's owners)
export const DELETE = handle(async (request: Request, ctx: { params: Promise<{ slug: string; email: string }> }) => {
  const viewer = await requireViewer(request);
  const { slug, email } = await ctx.params;
  return json(await removeMember(organisationActor(viewer), slug, decodeURIComponent(email)));
});
