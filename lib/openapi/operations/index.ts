import type { Operation } from "../operation";
import { ACCESS_OPERATIONS } from "./access";
import { ACCOUNT_OPERATIONS } from "./accounts";
import { ANALYSIS_OPERATIONS } from "./analysis";
import { DATASET_OPERATIONS } from "./datasets";
import { META_OPERATIONS } from "./meta";
import { ORGANISATION_OPERATIONS } from "./organisations";
import { PROVENANCE_OPERATIONS } from "./provenance";
import { QUOTA_OPERATIONS } from "./quotas";
import { REPO_RETRIEVAL_OPERATIONS } from "./repo-retrieval";
import { REVIEW_OPERATIONS } from "./review";
import { SUBMISSION_OPERATIONS } from "./submissions";
import { UPLOAD_OPERATIONS } from "./uploads";

// Every route under app/api/v1, documented, one file per area. tests/openapi checks that this
// list and the route files agree, method for method: a new route needs an entry here.
export const OPERATIONS: Operation[] = [...META_OPERATIONS, ...SUBMISSION_OPERATIONS, ...ANALYSIS_OPERATIONS, ...DATASET_OPERATIONS, ...ACCOUNT_OPERATIONS, ...ACCESS_OPERATIONS, ...ORGANISATION_OPERATIONS, ...QUOTA_OPERATIONS, ...REVIEW_OPERATIONS, ...UPLOAD_OPERATIONS, ...PROVENANCE_OPERATIONS, ...REPO_RETRIEVAL_OPERATIONS];
