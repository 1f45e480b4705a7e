import { FusionScreen } from "@/app/_server/repo/fusion-screen";
import { versionMetadata, versionPage } from "@/app/_server/version-page";

export const dynamic = "force-dynamic";

export const generateMetadata = versionMetadata({
  repo_retrieval: (what) => [
    `Fuse runs on ${what}`,
    `Reciprocal rank fusion (k = 60) of 2 to 4 published runs of ${what}, scored live like any submission and compared with each input by the paired sign-flip test.`,
  ],
});

// Live rank fusion of published runs of a repository-retrieval version (other kinds: 404).
export default versionPage({ repo_retrieval: FusionScreen });
