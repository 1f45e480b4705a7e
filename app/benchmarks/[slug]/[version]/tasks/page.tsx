import { TaskWinnersScreen } from "@/app/_server/repo/task-winners-screen";
import { versionMetadata, versionPage } from "@/app/_server/version-page";

export const dynamic = "force-dynamic";

export const generateMetadata = versionMetadata({
  repo_retrieval: (what) => [
    `Task winners of ${what}`,
    `For each task of ${what}, the published run with the highest value, its 95% interval and the runner-up, with whether the difference is significant.`,
  ],
});

// Task winners of a repository-retrieval version (other kinds have no tasks: 404).
export default versionPage({ repo_retrieval: TaskWinnersScreen });
