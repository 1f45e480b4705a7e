import { addMemberInput } from "@/lib/organisations/change-membership";
import { createOrganisationInput } from "@/lib/organisations/create-organisation";
import { organisationListSchema, organisationSchema } from "@/lib/organisations/organisation-view";
import { answer, created, defineOperations, jsonBody, ok } from "../operation";

const organisation = answer("Organisation", organisationSchema);
const NOT_A_MEMBER = "no such organisation among the caller's";
const NOT_AN_OWNER = "the caller is a member but neither an owner nor an admin";
const MEMBERSHIP =
  "Admins manage every organisation, owners their own. The change is written to the audit log and takes effect on the member's next request: " +
  "members see the organisation's unpublished submissions and may submit for it (its quota is charged).";

export const ORGANISATION_OPERATIONS = defineOperations({ tag: "Organisations", access: "signed-in" }, {
  "GET /api/v1/organisations": {
    id: "listOrganisations",
    summary: "The caller's organisations (maintainers and admins: all)",
    success: ok("organisations with their members", answer("OrganisationList", organisationListSchema)),
  },
  "POST /api/v1/organisations": {
    id: "createOrganisation",
    summary: "Create an organisation (admins)",
    description: "A vendor's company: its members submit on its behalf (`organisation` on an upload), share its quota and see its unpublished submissions.",
    access: "admin",
    body: jsonBody(createOrganisationInput),
    success: created("the new organisation", organisation),
    errors: { 400: "invalid slug or name", 404: "no such owner", 409: "the slug is taken" },
  },
  "GET /api/v1/organisations/{slug}": {
    id: "getOrganisation",
    summary: "An organisation and its members",
    success: ok("the organisation", organisation),
    errors: { 404: `${NOT_A_MEMBER} (a non-member is told the same as for a missing one)` },
  },
  "POST /api/v1/organisations/{slug}/members": {
    id: "addOrganisationMember",
    summary: "Add a member, or change a member's role",
    description: MEMBERSHIP,
    body: jsonBody(addMemberInput),
    success: ok("the organisation with its members", organisation),
    errors: { 400: "invalid email or role", 403: NOT_AN_OWNER, 404: `${NOT_A_MEMBER}, or no such user`, 409: "already has that role, or would leave the organisation without an owner" },
  },
  "DELETE /api/v1/organisations/{slug}/members/{email}": {
    id: "removeOrganisationMember",
    summary: "Remove a member",
    description: `${MEMBERSHIP} A removed member loses access to the organisation's unpublished submissions at once.`,
    success: ok("the organisation with its remaining members", organisation),
    errors: { 403: NOT_AN_OWNER, 404: `${NOT_A_MEMBER}, or no such member`, 409: "would leave the organisation without an owner" },
  },
});
