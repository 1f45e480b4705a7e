import { createUser, issueToken } from "@/lib/auth/create-user";
import { listUsers } from "@/lib/auth/list-users";
import { setUserRole } from "@/lib/auth/set-user-role";
import { ROLES, type Role } from "@/lib/auth/principal";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { parse, required } from "./args";

const USAGE = [
  "usage: execboard users create --email <email> --role vendor|maintainer|admin [--json]",
  "       execboard users list [--json]",
  "       execboard users set-role --email <email> --role vendor|maintainer|admin",
  "       execboard users token --email <email> [--name <label>] [--expires-in-days <n>] [--json]",
].join("\n");

// Operator commands with direct database access (run where DATABASE_URL points at the
// service's database): create accounts, change roles, issue a token to a locked-out user.
export async function usersCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { strings: ["email", "role", "name", "expires-in-days"], booleans: ["json"] });
  const sub = positionals[0];
  if (!["create", "list", "set-role", "token"].includes(sub) || positionals.length > 1) throw new AppError("BAD_REQUEST", USAGE);
  try {
    if (sub === "list") {
      const users = await listUsers();
      if (values.json) console.log(JSON.stringify(users, null, 2));
      else for (const u of users) console.log(`${u.id}  ${u.role.padEnd(10)} ${u.email}  (${u.activeTokens} active token${u.activeTokens === 1 ? "" : "s"})`);
      return 0;
    }
    const email = required(values.email, "--email");
    if (sub === "token") {
      const days = values["expires-in-days"];
      if (days !== undefined && !/^\d+$/.test(days)) throw new AppError("BAD_REQUEST", `--expires-in-days must be a whole number of days (got ${days})`);
      const token = await issueToken(email, { name: values.name, expiresInDays: days === undefined ? undefined : Number(days) });
      console.log(values.json ? JSON.stringify({ email, token }) : `API token for ${email} (shown once, store it now): ${token}`);
      return 0;
    }
    const role = parseRole(required(values.role, "--role"));
    if (sub === "set-role") {
      await setUserRole({ email, role });
      console.log(`${email} is now ${role === "admin" ? "an" : "a"} ${role}`);
      return 0;
    }
    const user = await createUser({ email, role });
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

function parseRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role)) throw new AppError("BAD_REQUEST", `--role must be vendor, maintainer or admin (got ${role})`);
  return role as Role;
}
