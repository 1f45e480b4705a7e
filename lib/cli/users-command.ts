import { createUser } from "@/lib/auth/create-user";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { parse, required } from "./args";

export async function usersCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { email: { type: "string" }, role: { type: "string" }, json: { type: "boolean" } });
  if (positionals[0] !== "create") throw new AppError("BAD_REQUEST", "usage: execboard users create --email <email> --role vendor|maintainer|admin");
  const role = required(values.role, "--role");
  if (!["vendor", "maintainer", "admin"].includes(role)) throw new AppError("BAD_REQUEST", `--role must be vendor, maintainer or admin (got ${role})`);
  try {
    const user = await createUser({ email: required(values.email, "--email"), role: role as "vendor" });
    if (values.json) {
      console.log(JSON.stringify(user));
    } else {
      console.log(`created ${user.role} ${user.email} (${user.id})`);
      console.log(`API token (shown once, store it now): ${user.token}`);
    }
    return 0;
  } finally {
    await disconnectDb();
  }
}
