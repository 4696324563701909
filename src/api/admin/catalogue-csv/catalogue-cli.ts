/**
 * `npm run catalog:import -- <file.csv> [--dry-run]` and `npm run catalog:export -- <out.csv>` (docs/catalogue-csv.md).
 *
 * The import reads the file, shows its progress (a bar in a terminal, a line per batch otherwise), then the report:
 * products created, updated, unchanged and rejected, with every rejected row's reason. It exits with 1 when any row
 * was rejected or the file could not be read, so a script can tell. The export writes the whole catalogue ("-" for
 * standard output). Both use the shop's configuration (DATABASE_URL, DATA_DIR), migrating the database first.
 * An import that changed the catalogue tells the running shop through Redis when REDIS_URL is set, so every
 * instance drops its cached pages at once (docs/decisions/0033); without Redis they show it within a minute.
 *
 * Runs under plain Node 24 (type stripping), so only erasable TypeScript syntax and `.ts` imports here.
 */

import { once } from "node:events";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "../../../platform/config.ts";
import {
  DatabaseConnectionError,
  type DatabaseHandle,
  openDatabase,
  redactUrl,
} from "../../../platform/db/connection.ts";
import { migrateToLatest } from "../../../platform/db/migrate.ts";
import { announceCatalogueChange } from "../../../platform/redis.ts";
import { createStorage } from "../../../platform/storage/create-storage.ts";
import { CATALOG_CSV_MAX_BYTES, CATALOG_CSV_MESSAGES } from "../../../shared/catalogue-csv.ts";
import type { CatalogueImportReport } from "../../../shared/contracts/catalogue-csv.ts";
import { exportCatalogue } from "./catalogue-export.ts";
import { type ImportProgress, importCatalogue } from "./catalogue-import.ts";
import { CsvFileError } from "./csv-rows.ts";

const USAGE = [
  "usage: npm run catalog:import -- <file.csv> [--dry-run] [--strict]",
  "       npm run catalog:export -- <out.csv>      (- writes to standard output)",
].join("\n");

/** Who the audit log names for changes made with this command. */
const CLI_ACTOR = { id: null, email: "npm run catalog:import" };

class UsageError extends Error {
  override name = "UsageError";
}

function parse(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== "import" && command !== "export") throw new UsageError(USAGE);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        "dry-run": { type: "boolean" },
        strict: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) throw new UsageError(USAGE);
  if (command === "export" && parsed.values["dry-run"])
    throw new UsageError(`--dry-run is for the import.\n${USAGE}`);
  if (command === "export" && parsed.values.strict)
    throw new UsageError(`--strict is for the import.\n${USAGE}`);
  return {
    command,
    file: parsed.positionals[0]!,
    dryRun: parsed.values["dry-run"] === true,
    strict: parsed.values.strict === true,
  };
}

/** A bar redrawn in place on a terminal; a plain line per batch when the output is a file or a pipe. */
function progressReporter(stream: NodeJS.WriteStream) {
  const width = 30;
  return (progress: ImportProgress) => {
    const { done, total } = progress;
    if (!stream.isTTY) {
      stream.write(`${done} of ${total} products done\n`);
      return;
    }
    const share = total === 0 ? 1 : done / total;
    const filled = Math.round(share * width);
    stream.write(
      `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.round(share * 100)}% ${done}/${total} products`,
    );
    if (done === total) stream.write("\n");
  };
}

function printReport(report: CatalogueImportReport) {
  const { products, rows } = report;
  const lines = [
    report.message,
    `Products: ${products.created} created, ${products.updated} updated, ${products.unchanged} unchanged, ${products.rejected} rejected.`,
    `Rows: ${rows.total} read; ${rows.created} created, ${rows.updated} updated, ${rows.unchanged} unchanged, ${rows.rejected} rejected.`,
  ];
  const made = report.dry_run ? "would be created" : "created";
  if (report.created_tags.length > 0) lines.push(`Tags ${made}: ${report.created_tags.join(", ")}.`);
  for (const [what, list] of Object.entries(report.created)) {
    if (list.length > 0) lines.push(`${what[0]!.toUpperCase()}${what.slice(1)} ${made}: ${list.join(", ")}.`);
  }
  for (const entry of report.notes) lines.push(`  row ${entry.row} (${entry.handle}): ${entry.note}`);
  if (report.rejections.length > 0) {
    lines.push("Rejected (nothing of these products was saved):");
    for (const entry of report.rejections) {
      lines.push(`  row ${entry.row}${entry.handle ? ` (${entry.handle})` : ""}: ${entry.reason}`);
    }
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** What the CLI says when Redis is down: a line on standard error (the shop's own logs are elsewhere). */
const stderrLogger = {
  warn: (..._args: unknown[]) => process.stderr.write("Redis unreachable.\n"),
  info: () => {},
};

async function runImport(
  handle: DatabaseHandle,
  { file, dryRun, strict }: { file: string; dryRun: boolean; strict: boolean },
  config: Config,
): Promise<number> {
  const size = fs.statSync(file).size;
  if (size > CATALOG_CSV_MAX_BYTES) throw new CsvFileError(CATALOG_CSV_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(fs.readFileSync(file));
  } catch {
    throw new CsvFileError(CATALOG_CSV_MESSAGES.notUtf8);
  }
  let changed = false;
  const onCatalogueChanged = () => {
    changed = true;
  };
  // Photos named by URL are downloaded where the shop reads them: the bucket when S3_BUCKET is set, else DATA_DIR.
  const photos = { storage: createStorage(config), allowPrivate: config.importImagePrivateHosts };
  const report = await importCatalogue({ db: handle.db, onCatalogueChanged, photos }, text, {
    actor: CLI_ACTOR,
    dryRun,
    strict,
    fileName: file,
    onProgress: progressReporter(process.stderr),
  }).finally(() => photos.storage.close());
  printReport(report);
  if (changed && config.redisUrl) {
    const told = await announceCatalogueChange(config.redisUrl, stderrLogger);
    process.stderr.write(
      told
        ? "Told the running shop through Redis: its cached pages are dropped.\n"
        : "Could not reach Redis: the running shop shows the changes within a minute.\n",
    );
  }
  return report.products.rejected > 0 || report.rows.rejected > 0 ? 1 : 0;
}

async function runExport(handle: DatabaseHandle, file: string): Promise<void> {
  const out = file === "-" ? process.stdout : fs.createWriteStream(file);
  let rows = 0;
  for await (const chunk of exportCatalogue(handle.db)) {
    rows += chunk.split("\r\n").length - 1;
    if (!out.write(chunk)) await once(out, "drain");
  }
  if (out !== process.stdout) {
    out.end();
    await once(out, "finish");
    process.stderr.write(`Wrote ${rows - 1} rows (and the header) to ${file}.\n`);
  }
}

async function main(): Promise<number> {
  const options = parse(process.argv.slice(2));
  if (options.command === "import" && !fs.existsSync(options.file)) {
    throw new UsageError(`No such file: ${options.file}\n${USAGE}`);
  }
  const config = loadConfig();
  const target = config.database.engine === "sqlite" ? config.database.file : redactUrl(config.database.url);
  let handle: DatabaseHandle | null = null;
  try {
    handle = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
    await migrateToLatest(handle.db, handle.engine);
    process.stderr.write(`Database: ${config.database.engine} (${target}).\n`);
    if (options.command === "export") {
      await runExport(handle, options.file);
      return 0;
    }
    return await runImport(handle, options, config);
  } finally {
    await handle?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof DatabaseConnectionError ||
      error instanceof UsageError ||
      error instanceof CsvFileError
    ) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`catalog CSV failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
