/**
 * `npm run storage:copy [-- --data-dir <folder>]`: copies the local folder's images and private uploads (DATA_DIR,
 * or the folder given) into the configured bucket (S3_BUCKET and the rest, as the shop reads them), showing its
 * progress. A re-run skips what is already there with the same size. Exits 1 listing each object that failed.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { bucketStorage } from "./bucket-storage.ts";
import { copyStorage } from "./copy.ts";
import { folderStorage } from "./folder-storage.ts";

const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

const USAGE =
  "usage: npm run storage:copy [-- --data-dir <folder>]   (with S3_BUCKET and the other S3_* set)";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { "data-dir": { type: "string" } }, strict: true });
  const config = loadConfig();
  if (!config.storage.bucket) {
    complain(`S3_BUCKET is not set: there is no bucket to copy into.\n${USAGE}`);
    return 2;
  }
  const dataDir = values["data-dir"] ? path.resolve(values["data-dir"]) : config.dataDir;
  const source = folderStorage({ imagesDir: path.join(dataDir, "images"), privateDir: dataDir });
  const target = bucketStorage(config.storage.bucket);
  try {
    await target.check();
    say(
      `copying ${dataDir} (images/, payment-proofs/, return-photos/) into the bucket ${config.storage.bucket.bucket}`,
    );
    let shown = 0;
    const report = await copyStorage(source, target, {
      progress: ({ copied, skipped, failed }, total) => {
        const done = copied + skipped + failed.length;
        const now = Date.now();
        if (done === total || now - shown > 1000) {
          shown = now;
          say(`  ${done}/${total}: ${copied} copied, ${skipped} already there, ${failed.length} failed`);
        }
      },
    });
    say(`done: ${report.copied} copied, ${report.skipped} already there, ${report.failed.length} failed`);
    for (const { key, reason } of report.failed) complain(`  failed: ${key}: ${reason}`);
    return report.failed.length > 0 ? 1 : 0;
  } finally {
    target.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    complain(
      error instanceof ConfigError ? error.message : `storage:copy failed: ${(error as Error).message}`,
    );
    process.exitCode = 1;
  },
);
