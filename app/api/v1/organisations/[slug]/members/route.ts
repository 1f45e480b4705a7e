import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { addMember, addMemberInput } from "@/lib/organisations/change-membership";
import { organisationActor } from "@/lib/organisations/organisation-actor";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/organisations/{slug}/members – add a member or change their role (admins, the organisation's owners)
export const POST = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const viewer = await requireViewer(request);
  const { slug } = await ctx.params;
  const input = await readJson(request, addMemberInput);
  return json(await addMember(organisationActor(viewer), slug, input));
});
