import { AppError } from "@/lib/errors/app-error";
import { sandboxRunCommand } from "./sandbox-run";

export async function sandboxCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== "run") throw new AppError("BAD_REQUEST", "usage: execboard sandbox run [--backend docker|process|auto] [--allow-uncontained]");
  return sandboxRunCommand(rest);
}
