import { requireViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { getOrganisation } from "@/lib/organisations/find-organisation";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/organisations/{slug} – an organisation and its members (members, maintainers, admins)
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const viewer = await requireViewer(request);
  const { slug } = await ctx.params;
  return json(await getOrganisation(viewer, slug));
});
