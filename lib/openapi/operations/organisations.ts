import { addMemberInput } from "@/lib/organisations/change-membership";
import { createOrganisationInput } from "@/lib/organisations/create-organisation";
import { organisationListSchema, organisationSchema } from "@/lib/organisations/organisation-view";
import type { Operation } from "../operation";

const MEMBERSHIP =
  "Admins manage every organisation, owners their own. The change is written to the audit log and takes effect on the member's next request: " +
  "members see the organisation's unpublished submissions and may submit for it (its quota is charged).";

export const ORGANISATION_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/organisations",
    operationId: "listOrganisations",
    summary: "The caller's organisations (maintainers and admins: all)",
    tag: "Organisations",
    auth: "required",
    success: { status: 200, description: "organisations with their members", schema: organisationListSchema, name: "OrganisationList" },
    errors: { 401: "no valid credentials" },
  },
  {
    method: "post",
    path: "/api/v1/organisations",
    operationId: "createOrganisation",
    summary: "Create an organisation (admins)",
    description: "A vendor's company: its members submit on its behalf (`organisation` on an upload), share its quota and see its unpublished submissions.",
    tag: "Organisations",
    auth: "required",
    body: { schema: createOrganisationInput, contentType: "application/json", required: true },
    success: { status: 201, description: "the new organisation", schema: organisationSchema, name: "Organisation" },
    errors: { 400: "invalid slug or name", 401: "no valid credentials", 403: "the caller is not an admin", 404: "no such owner", 409: "the slug is taken" },
  },
  {
    method: "get",
    path: "/api/v1/organisations/{slug}",
    operationId: "getOrganisation",
    summary: "An organisation and its members",
    tag: "Organisations",
    auth: "required",
    pathParams: { slug: "organisation slug" },
    success: { status: 200, description: "the organisation", schema: organisationSchema, name: "Organisation" },
    errors: { 401: "no valid credentials", 404: "no such organisation among the caller's (a non-member is told the same as for a missing one)" },
  },
  {
    method: "post",
    path: "/api/v1/organisations/{slug}/members",
    operationId: "addOrganisationMember",
    summary: "Add a member, or change a member's role",
    description: MEMBERSHIP,
    tag: "Organisations",
    auth: "required",
    pathParams: { slug: "organisation slug" },
    body: { schema: addMemberInput, contentType: "application/json", required: true },
    success: { status: 200, description: "the organisation with its members", schema: organisationSchema, name: "Organisation" },
    errors: { 400: "invalid email or role", 401: "no valid credentials", 403: "the caller is a member but neither an owner nor an admin", 404: "no such organisation among the caller's, or no such user", 409: "already has that role, or would leave the organisation without an owner" },
  },
  {
    method: "delete",
    path: "/api/v1/organisations/{slug}/members/{email}",
    operationId: "removeOrganisationMember",
    summary: "Remove a member",
    description: `${MEMBERSHIP} A removed member loses access to the organisation's unpublished submissions at once.`,
    tag: "Organisations",
    auth: "required",
    pathParams: { slug: "organisation slug", email: "the member's email" },
    success: { status: 200, description: "the organisation with its remaining members", schema: organisationSchema, name: "Organisation" },
    errors: { 401: "no valid credentials", 403: "the caller is a member but neither an owner nor an admin, or a cross-origin request made with a session cookie", 404: "no such organisation among the caller's, or no such member", 409: "would leave the organisation without an owner" },
  },
];
