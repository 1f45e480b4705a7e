import type { MutationEdit } from "./mutation-edit";

// bug_description, generated from the edit itself so it can never disagree with the code:
// "Changed `<` to `<=` in `if n < 2`".
export function describeEdit(edit: MutationEdit): string {
  const d = edit.detail;
  const where = edit.context && edit.context !== edit.original.trim() ? ` in \`${edit.context}\`` : "";
  switch (d.kind) {
    case "delete":
      return d.lines && d.lines > 2 ? `Deleted the ${d.lines}-line guard \`${d.guard}\`.` : `Deleted the guard \`${d.guard}\`.`;
    case "swap_arguments":
      return `Swapped the arguments \`${d.first}\` and \`${d.second}\` of \`${d.callee}\`${where}.`;
    case "swap_operands":
      return `Swapped the operands \`${d.first}\` and \`${d.second}\` of \`${d.operator}\`${where}.`;
    case "replace":
      if (d.role) return `Changed the ${d.role} \`${d.before ?? edit.original}\` to \`${d.after ?? edit.replacement}\`${where}.`;
      return `Changed \`${edit.original}\` to \`${edit.replacement}\`${where}.`;
  }
}
