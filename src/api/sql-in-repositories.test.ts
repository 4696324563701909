import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * SQL lives in repositories: in `src/api` and `src/server`, only files named `*.repository.ts` build Kysely
 * queries or write `sql` (services keep the rules and call repository functions). `src/platform` is the database
 * layer itself (connection, migrations, search documents, purge) and is not scanned; neither are tests.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const SCANNED = ["src/api", "src/server"];

/**
 * Files that may hold SQL without being named `*.repository.ts`, each with its reason. Keep it short: move the
 * SQL into a repository instead of adding to it.
 */
const ALLOWED = new Set<string>([]);

const QUERY_BUILDER: [RegExp, string][] = [
  [/\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|selectNoFrom)\(/, "a Kysely query"],
  [/\bsql(<[^`]*>)?`/, "an sql`` template"],
  [/\bsql\.(raw|lit|ref|id|join|table|val|value)\(/, "an sql fragment"],
  [/\b(db|trx|kysely|database)\.(with|withRecursive)\(/, "a common table expression"],
  [/\b(db|trx|kysely|database)\.schema\b/, "a schema change"],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

/** `file:line: what` for each query builder call outside a repository (comments are not code). */
function sqlOutsideRepositories(files: readonly string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file.endsWith(".repository.ts") || ALLOWED.has(file)) continue;
    for (const [index, line] of read(file).split("\n").entries()) {
      const code = line.trim();
      if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) continue;
      for (const [pattern, what] of QUERY_BUILDER) {
        if (pattern.test(code))
          found.push(`${file}:${index + 1}: ${what} outside a *.repository.ts: ${code}`);
      }
    }
  }
  return found;
}

describe("SQL only in repositories", () => {
  const files = SCANNED.flatMap(sourceFiles);

  it("finds the files it scans", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((file) => file.endsWith(".repository.ts"))).toBe(true);
  });

  it("finds no Kysely query builder outside *.repository.ts in src/api and src/server", () => {
    const found = sqlOutsideRepositories(files, (file) => readFileSync(join(ROOT, file), "utf8"));
    expect(found, `Move the SQL into a *.repository.ts:\n${found.join("\n")}\n`).toEqual([]);
  });

  it("catches a query in a service and names its file and line", () => {
    const service =
      'export const x = 1;\n// db.selectFrom("users") in a comment\nawait db.selectFrom("users");\n';
    expect(sqlOutsideRepositories(["src/api/a/a.service.ts"], () => service)).toEqual([
      'src/api/a/a.service.ts:3: a Kysely query outside a *.repository.ts: await db.selectFrom("users");',
    ]);
    expect(sqlOutsideRepositories(["src/api/a/a.repository.ts"], () => service)).toEqual([]);
    expect(sqlOutsideRepositories(["src/api/a/a.ts"], () => "await sql`select 1`.execute(db);")).toHaveLength(
      1,
    );
  });

  it("allows only files that exist", () => {
    for (const file of ALLOWED) expect(files, file).toContain(file);
  });
});
