import { AppError } from "@/lib/errors/app-error";
import type { BenchmarkKind, SubmissionType } from "@/lib/kinds/kind";

/** The declared submission type, or the first of the kind's types whose sniff claims the file. */
export function chooseSubmissionType(kind: BenchmarkKind, head: Uint8Array, declared?: string | null): SubmissionType {
  if (declared !== undefined && declared !== null && declared !== "") {
    const t = kind.submissionTypes.find((s) => s.id === declared);
    if (!t) {
      const options = [...kind.submissionTypes].sort((a, b) => (a.id < b.id ? -1 : 1)).map((s) => `"${s.id}" (${s.description})`).join(" or ");
      throw new AppError("BAD_REQUEST", `kind must be ${options}; got ${JSON.stringify(declared)}`);
    }
    return t;
  }
  const t = kind.submissionTypes.find((s) => s.sniff(head));
  if (!t) throw new AppError("INVALID_UPLOAD", `the file is none of the submission types this benchmark takes (${kind.submissionTypes.map((s) => s.description).join(", ")})`);
  return t;
}

/** Whether `declared` names one of the kind's submission types (empty: undeclared, fine). */
export function checkDeclaredType(kind: BenchmarkKind, declared?: string | null): void {
  if (declared) chooseSubmissionType(kind, new Uint8Array(0), declared);
}
