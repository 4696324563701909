/**
 * `npm run db:seed` — (re)seeds the demo catalogue into the configured database.
 * `npm run db:seed -- --products 10000` — builds a large generated catalogue for benchmarks instead.
 * `--no-images` skips drawing the images.
 *
 * Runs under plain Node 24 (type stripping), so only erasable TypeScript syntax and `.ts` imports here.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../../../platform/config.ts";
import {
  DatabaseConnectionError,
  type DatabaseHandle,
  openDatabase,
  redactUrl,
} from "../../../platform/db/connection.ts";
import { migrateToLatest } from "../../../platform/db/migrate.ts";
import { createStorage } from "../../../platform/storage/create-storage.ts";
import { seedDemoCatalogue } from "./demo-catalogue.ts";
import { seedLargeCatalogue } from "./large-catalogue.ts";

const USAGE = "usage: npm run db:seed [-- [--products <count>] [--no-images]]";

class UsageError extends Error {
  override name = "UsageError";
}

function log(message: string): void {
  process.stdout.write(`[seed] ${message}\n`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function parseOptions(argv: string[]): { products: number | null; images: boolean } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        products: { type: "string", short: "n" },
        "no-images": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const raw = parsed.values.products;
  let products: number | null = null;
  if (typeof raw === "string") {
    products = Number(raw.replaceAll(/[_,]/g, ""));
    if (!Number.isInteger(products) || products < 1) {
      throw new UsageError(`--products must be a positive whole number, got "${raw}"\n${USAGE}`);
    }
  }
  return { products, images: parsed.values["no-images"] !== true };
}

async function main(): Promise<void> {
  const started = performance.now();
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  const target = config.database.engine === "sqlite" ? config.database.file : redactUrl(config.database.url);
  log(`database: ${config.database.engine} (${target})`);
  let handle: DatabaseHandle | null = null;
  // The demo images go where the shop reads them: the bucket when S3_BUCKET is set, else DATA_DIR/images.
  const storage = createStorage(config);
  const images = options.images ? { storage } : { renderImages: false as const };
  try {
    handle = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
    const applied = await migrateToLatest(handle.db, handle.engine);
    if (applied.length > 0) log(`migrations applied: ${applied.join(", ")}`);
    if (options.products !== null) {
      log(`building a large catalogue of ${options.products.toLocaleString("en-US")} products`);
      const result = await seedLargeCatalogue(handle.db, {
        products: options.products,
        ...images,
        log,
      });
      log(
        `done: ${result.products.toLocaleString("en-US")} products, ${result.variants.toLocaleString("en-US")} variants in ${seconds(result.ms)}`,
      );
    } else {
      log("seeding the demo catalogue");
      const result = await seedDemoCatalogue(handle.db, {
        ...images,
        log,
      });
      log(
        `done: ${result.products} products, ${result.variants} variants, ${result.sliders} slides in ${seconds(result.ms)}`,
      );
    }
    if (options.images)
      log(
        `images in ${storage.kind === "bucket" ? `the bucket ${config.storage.bucket?.bucket}` : config.imagesDir}`,
      );
  } finally {
    storage.close();
    await handle?.close();
  }
  log(`total ${seconds(performance.now() - started)}`);
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseConnectionError ||
    error instanceof UsageError
  ) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
