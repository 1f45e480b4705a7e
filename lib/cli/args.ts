import { parseArgs, type ParseArgsConfig } from "node:util";
import { AppError } from "@/lib/errors/app-error";

// parseArgs with errors a user can act on (exit code 2 through BAD_REQUEST).
export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new AppError("BAD_REQUEST", (e as Error).message);
  }
}

export function required(value: string | undefined, name: string): string {
  if (!value) throw new AppError("BAD_REQUEST", `missing ${name}`);
  return value;
}
