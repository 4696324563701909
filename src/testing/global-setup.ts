import type { TestProject } from "vitest/node";
import { createMigratedTemplate, type TestEngine, withAdmin } from "./test-db.ts";
import { reachableRedis } from "./test-redis.ts";

const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/** Decides once per project which engine its tests use, and whether PostgreSQL and Redis can be reached. */
export default async function setup(project: TestProject) {
  const engine = (project.config.env?.TEST_ENGINE ?? "sqlite") as TestEngine;
  project.provide("testEngine", engine);
  const redisUrl = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const redisProblem = await reachableRedis(redisUrl);
  if (redisProblem) console.warn(`Redis is not reachable (${redisProblem}): the Redis tests are skipped.`);
  project.provide("redisUrl", redisProblem ? null : redisUrl);
  let adminUrl: string | null = null;
  if (engine === "postgres") {
    const url = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL;
    try {
      await withAdmin(url, (client) => client.query("SELECT 1"));
      adminUrl = url;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`PostgreSQL is not reachable (${reason}): the PostgreSQL tests are skipped.`);
    }
  }
  project.provide("postgresAdminUrl", adminUrl);
  if (engine === "postgres" && adminUrl === null) {
    project.provide("migratedTemplate", null);
    return;
  }
  // Migrated once here; each test file's database is a copy (createTestDatabase).
  const template = await createMigratedTemplate(engine, adminUrl);
  project.provide("migratedTemplate", template.template);
  return () => template.remove();
}
