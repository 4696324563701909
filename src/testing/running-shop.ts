import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../platform/config.ts";
import type * as HostModule from "../server/app.ts";
import { hostModule } from "./host-harness.ts";

/** The quiet shop the running-shop tests start: no demo catalogue, no logs, no mail sent, no purge. */
const QUIET = { SEED_DEMO: "false", LOG_LEVEL: "silent", MAIL_WORKER: "off", PURGE_INTERVAL_MINUTES: "0" };

/**
 * A whole running shop (`startPlatform`: its background jobs included) over a data folder of its own, for a
 * `describe` that tests what the shop does with nobody there. `start(env)` starts it with `env` over the quiet
 * defaults; the folder and the shop are closed after the `describe`.
 */
export function runningShop() {
  let host: typeof HostModule;
  let platform: HostModule.Platform | undefined;
  let dataDir: string;

  beforeAll(async () => {
    host = await hostModule();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-running-"));
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    async start(env: Record<string, string>) {
      platform = await host.startPlatform(loadConfig({ DATA_DIR: dataDir, ...QUIET, ...env }));
      return { platform, shop: host.createHost(platform) };
    },
  };
}
