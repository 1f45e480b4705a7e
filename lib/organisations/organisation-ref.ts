// An organisation as the rest of the service refers to it: intake (who a submission is for),
// quotas (whose allowance it uses), pages (whose name to show).
export interface OrganisationRef {
  id: string;
  slug: string;
  name: string;
}
