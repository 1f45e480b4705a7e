// Reader pages answer a missing (or not visible) benchmark, version, submission or query with
// Next's 404 page, never with an error page that would confirm an id exists.
import { notFound } from "next/navigation";
import { isAppError } from "@/lib/errors/app-error";

export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
}
