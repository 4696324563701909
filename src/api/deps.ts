import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Config } from "../platform/config.ts";
import type { Engine } from "../platform/db/connection.ts";
import type { Database } from "../platform/db/schema.ts";
import type { Mailer } from "../platform/mail.ts";
import type { Limits } from "./rate-limit.ts";

/** What the commerce API needs from the platform; built once at start-up, or per test. */
export interface ApiDeps {
  db: Kysely<Database>;
  engine: Engine;
  config: Pick<Config, "env" | "publicUrl" | "sessionSecret">;
  logger: Logger;
  mailer: Mailer;
  /** Rate limits (sign-in, register, orders); in this process's memory with the default numbers unless given. */
  limits?: Limits;
}
