/**
 * `npm run owner:create -- --email <email> [--password <password>] [--first-name <name>] [--last-name <name>]`
 *
 * Makes the account with this email the shop's owner: creates it when there is none, promotes it when there is.
 * Either way it needs a new password: `--password`, or typed at the prompt (not shown) when run in a terminal. An
 * existing account gets that password and is signed out everywhere, so an account someone registered in advance
 * with the owner's email keeps nothing its registrant chose (docs/decisions/0040-staff-invitations.md). Uses the
 * shop's configuration (DATABASE_URL, DATA_DIR), migrating the database first, and says what it did.
 *
 * Runs under plain Node 24 (type stripping), so only erasable TypeScript syntax and `.ts` imports here.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../../platform/config.ts";
import {
  DatabaseConnectionError,
  type DatabaseHandle,
  openDatabase,
  redactUrl,
} from "../../platform/db/connection.ts";
import { migrateToLatest } from "../../platform/db/migrate.ts";
import { ACCOUNT_EMAIL_MESSAGES, newPassword } from "../../shared/contracts/account.ts";
import { emailField } from "../../shared/contracts/fields.ts";
import { COMMON_PASSWORD, isCommonPassword } from "../account/common-passwords.ts";
import { staffRepository } from "./staff.repository.ts";
import { makeOwner } from "./staff.service.ts";

const USAGE =
  "usage: npm run owner:create -- --email <email> [--password <password>] [--first-name <name>] [--last-name <name>]";

/** Who the audit log names for changes made with this command. */
const CLI_ACTOR = { id: null, email: "npm run owner:create" };

class UsageError extends Error {
  override name = "UsageError";
}

interface Options {
  email: string;
  password: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
}

function parseOptions(argv: string[]): Options {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const email = emailField(ACCOUNT_EMAIL_MESSAGES, { lowerCase: true }).safeParse(values.email ?? "");
  if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]?.message}\n${USAGE}`);
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  return {
    email: email.data,
    password: text("password"),
    firstName: text("first-name"),
    lastName: text("last-name"),
  };
}

function checkedPassword(password: string): string {
  const result = newPassword.safeParse(password);
  if (!result.success) throw new UsageError(result.error.issues[0]?.message ?? "The password is not valid.");
  if (isCommonPassword(result.data)) throw new UsageError(COMMON_PASSWORD);
  return result.data;
}

/**
 * Reads lines from the terminal without showing them (a star per character); Ctrl-C ends the command. Characters
 * typed ahead (or pasted) after a line's Enter are kept for the next question.
 */
function hiddenPrompt() {
  const input = process.stdin;
  let pending = "";
  return {
    ask(question: string): Promise<string> {
      // Raw (no echo) before the question shows, so nothing typed in answer is ever echoed.
      input.setRawMode(true);
      input.setEncoding("utf8");
      process.stdout.write(question);
      let typed = "";
      return new Promise((resolve) => {
        const consume = (chunk: string) => {
          for (let index = 0; index < chunk.length; index++) {
            const char = chunk[index]!;
            if (char === "\u0003") {
              input.setRawMode(false);
              process.stdout.write("\n");
              process.exit(130);
            }
            if (char === "\r" || char === "\n" || char === "\u0004") {
              pending = chunk.slice(index + (char === "\r" && chunk[index + 1] === "\n" ? 2 : 1));
              input.off("data", consume);
              input.setRawMode(false);
              input.pause();
              process.stdout.write("\n");
              resolve(typed);
              return;
            }
            if (char === "\u007f" || char === "\b") {
              if (typed.length > 0) {
                typed = typed.slice(0, -1);
                process.stdout.write("\b \b");
              }
            } else if (char >= " ") {
              typed += char;
              process.stdout.write("*");
            }
          }
        };
        const ahead = pending;
        pending = "";
        input.on("data", consume);
        input.resume();
        if (ahead) consume(ahead);
      });
    },
  };
}

async function askedPassword(options: Options, existing: boolean): Promise<string> {
  if (options.password !== undefined) return checkedPassword(options.password);
  if (!process.stdin.isTTY) {
    const why = existing
      ? `An account has the email ${options.email}; making it the owner sets a new password for it`
      : `No account has the email ${options.email}, so a new one needs a password`;
    throw new UsageError(
      `${why}: pass --password <password> (or run this in a terminal to type it without it being shown).`,
    );
  }
  const prompt = hiddenPrompt();
  const password = checkedPassword(
    await prompt.ask(`${existing ? "New password" : "Password"} for ${options.email}: `),
  );
  if ((await prompt.ask("Repeat the password: ")) !== password) {
    throw new UsageError("The passwords do not match; nothing was changed.");
  }
  return password;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  const target = config.database.engine === "sqlite" ? config.database.file : redactUrl(config.database.url);
  let handle: DatabaseHandle | null = null;
  try {
    handle = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
    await migrateToLatest(handle.db, handle.engine);
    const existing = await staffRepository(handle.db).userIdByEmail(options.email);
    const password = await askedPassword(options, existing !== undefined);
    const { outcome, user, enabled } = await makeOwner(handle.db, CLI_ACTOR, {
      email: options.email,
      password,
      firstName: options.firstName,
      lastName: options.lastName,
    });
    const sentence = {
      created: `Created owner ${user.email}`,
      promoted: `Promoted ${user.email} to owner`,
      unchanged: `${user.email} is already an owner`,
    }[outcome];
    const notes = [
      existing ? "its password is the new one and every session of the account is signed out" : "",
      enabled ? "the account was disabled and is enabled again" : "",
    ].filter(Boolean);
    process.stdout.write(`${sentence}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}.\n`);
    process.stdout.write(
      `Database: ${config.database.engine} (${target}). Sign in at ${config.publicUrl}/user-login, then open ${config.publicUrl}/admin.\n`,
    );
  } finally {
    await handle?.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseConnectionError ||
    error instanceof UsageError
  ) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`owner:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
