import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { transition } from "./status";

// A maintainer makes a scored submission public. Only `scored` submissions can be published;
// publishing twice is harmless.
export async function publishSubmission(id: string): Promise<{ id: string; status: "published" }> {
  const s = await db().submission.findUnique({ where: { id }, select: { status: true } });
  if (!s) throw new AppError("NOT_FOUND", `no submission ${id}`);
  if (s.status === "published") return { id, status: "published" };
  if (s.status !== "scored") {
    throw new AppError("CONFLICT", `submission ${id} is ${s.status}; only scored submissions can be published`);
  }
  const moved = await transition(id, "published", { allowFromFinal: true, message: "published by a maintainer" });
  if (!moved) throw new AppError("CONFLICT", `submission ${id} changed while publishing; try again`);
  return { id, status: "published" };
}
