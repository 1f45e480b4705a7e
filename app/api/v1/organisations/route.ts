import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { createOrganisation, createOrganisationInput } from "@/lib/organisations/create-organisation";
import { listOrganisations } from "@/lib/organisations/list-organisations";
import { organisationActor } from "@/lib/organisations/organisation-actor";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/organisations – the caller's organisations (maintainers and admins: all of them)
export const GET = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  return json(await listOrganisations(viewer));
});

// POST /api/v1/organisations – an admin creates an organisation, optionally with a first owner
export const POST = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  const input = await readJson(request, createOrganisationInput);
  return json(await createOrganisation(organisationActor(viewer), input), 201);
});
