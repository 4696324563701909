import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "./schema.ts";
import { signingSecretRepository } from "./signing-secret.repository.ts";

/** Where the shop keeps its generated secret in DATA_DIR, readable by its own user only. */
export const SECRET_FILE = "session-secret";

export type SecretSource = "configured" | "database" | "file" | "generated";

/**
 * The secret the shop signs its cookies and tokens with (docs/decisions/0038-signing-secret.md). There is no
 * built-in value: in order,
 *
 * 1. SESSION_SECRET, when configured, always (nothing is written);
 * 2. the secret in the database (table `signing_secret`), so every instance sharing it signs alike;
 * 3. the secret in `DATA_DIR/session-secret`, when the database has none (a database reset keeps the sessions):
 *    it goes into the database;
 * 4. a new random one (256 bits), into the database.
 *
 * The database's insert is insert-if-absent: two instances starting at once on one database agree on the first
 * one's. The chosen secret is then written to `DATA_DIR/session-secret` (mode 0600) when the file says otherwise.
 */
export async function resolveSigningSecret(options: {
  configured: string | undefined;
  db: Kysely<Database>;
  dataDir: string;
  logger: Pick<Logger, "info" | "warn">;
  now?: Date;
}): Promise<{ secret: string; source: SecretSource }> {
  if (options.configured) return { secret: options.configured, source: "configured" };
  const repo = signingSecretRepository(options.db);
  const file = path.join(options.dataDir, SECRET_FILE);
  const fromFile = await readSecretFile(file);
  let source: SecretSource = "database";
  let secret = await repo.find();
  if (secret === undefined) {
    const offered = fromFile ?? randomBytes(32).toString("base64url");
    secret = await repo.keepFirst(offered, options.now ?? new Date());
    source = secret !== offered ? "database" : fromFile ? "file" : "generated";
  }
  if (secret !== fromFile) await writeSecretFile(file, secret, options.logger);
  if (source === "generated") options.logger.info({ file }, "generated the shop's signing secret");
  return { secret, source };
}

async function readSecretFile(file: string): Promise<string | undefined> {
  try {
    const text = (await fs.readFile(file, "utf8")).trim();
    return text.length >= 32 ? text : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Written to a temporary file created with mode 0600 and renamed over the old one, so the file is never readable
 * by others nor half written. Not fatal: the database holds the secret either way.
 */
async function writeSecretFile(file: string, secret: string, logger: Pick<Logger, "warn">): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(temporary, `${secret}\n`, { mode: 0o600, flag: "w" });
    await fs.chmod(temporary, 0o600);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    logger.warn(
      { err: error, file },
      "could not keep the signing secret in DATA_DIR (the database holds it)",
    );
  }
}
