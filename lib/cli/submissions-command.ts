import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { publishSubmission } from "@/lib/submissions/publish-submission";
import { parse } from "./args";

export async function submissionsCommand(argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  const [sub, id] = positionals;
  if (sub !== "publish" || !id) throw new AppError("BAD_REQUEST", "usage: execboard submissions publish <id>");
  try {
    await publishSubmission(id);
    console.log(`published ${id}`);
    return 0;
  } finally {
    await disconnectDb();
  }
}
