import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createServer, type ViteDevServer } from "vite";
import { startCourierSimulators } from "../api/couriers/simulators/simulated-couriers.ts";
import type { Limits } from "../api/rate-limit.ts";
import { type CourierSettings, DEFAULT_SHIP_FROM, loadConfig } from "../platform/config.ts";
import { dropCaches } from "../server/catalogue-changes.ts";
import { type Platform, publicCaches } from "../server/platform.ts";
import type { AnswerCache } from "../server/public-answers.ts";
import type { PageCache } from "../server/public-pages/page-cache.ts";
import { type ApiHarness, apiHarness, HARNESS_CONFIG } from "./api-harness.ts";
import type { TestDatabase } from "./test-db.ts";

type HostModule = typeof import("../server/app.ts");
type LaneModule = typeof import("../server/public-pages/index.ts");

export interface HostHarness {
  /** A request to the whole host (API, storefront, assets), as the Node server would pass it on. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The API the host serves (for shoppers and staff of `admin-harness.ts`), with its catalogue hook wired. */
  api: ApiHarness;
  /** The host's cached public pages. */
  pages: PageCache;
  /** The host's kept public API answers. */
  answers: AnswerCache;
  /**
   * The host behind a real Node server on a loopback port, as server.ts serves it: the kept-page lane first
   * (`createHostListener`), counting the requests it answered; the host for the rest.
   */
  listen(): Promise<ListeningHost>;
  close(): Promise<void>;
}

export interface ListeningHost {
  url: string;
  server: http.Server;
  /** How many requests the kept-page lane answered so far (on every server of the harness). */
  laneAnswers(): number;
  close(): Promise<void>;
}

export const HOST_URL = "http://shop.test";

const SIMULATED_COURIERS: CourierSettings = {
  simulators: true,
  leopards: undefined,
  postex: undefined,
  timeoutMs: 2000,
  pollMinutes: 0,
  shipFrom: DEFAULT_SHIP_FROM,
};

let vite: Promise<ViteDevServer> | undefined;

/**
 * The Vite server that loads the host's source for tests, one per test worker: its module graph (the storefront's
 * routes, React Router's build) is transformed once and shared by the worker's test files, which run one after
 * another in one module graph (vitest.config.ts, `isolate: false`). It closes with the worker.
 */
export function testVite(): Promise<ViteDevServer> {
  vite ??= createServer({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "silent",
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
  });
  return vite;
}

/** `src/server/app.ts` as the host serves it (through the worker's Vite server). */
export async function hostModule(): Promise<HostModule> {
  return (await (await testVite()).ssrLoadModule("/src/server/app.ts")) as HostModule;
}

async function laneModule(): Promise<LaneModule> {
  return (await (await testVite()).ssrLoadModule("/src/server/public-pages/index.ts")) as LaneModule;
}

/**
 * The real HTTP host (`createHost` in src/server/app.ts: API, storefront and their middleware) over a test
 * database. The storefront's build is a virtual module only React Router's Vite plugin provides, so the host
 * is loaded through a Vite server in middleware mode, as `node server.ts --dev` does (no port is opened).
 */
export async function hostHarness(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: {
    limits?: Limits;
    /** Leopards and PostEx booked through their local simulators (closed with the harness); own delivery only else. */
    courierSimulators?: boolean;
  } = {},
): Promise<HostHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-host-"));
  const { createHostListener } = await hostModule();
  const { platformLane } = await laneModule();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: HOST_URL,
    SESSION_SECRET: HARNESS_CONFIG.sessionSecret,
    ...env,
  });
  fs.mkdirSync(config.imagesDir, { recursive: true });
  const simulators = options.courierSimulators ? await startCourierSimulators() : undefined;
  const { pages, answers } = publicCaches(config);
  const harness = apiHarness(database, {
    onCatalogueChanged: dropCaches([pages, answers]),
    ...(options.limits ? { limits: options.limits } : {}),
    config: {
      payments: config.payments,
      ...(simulators ? { couriers: simulators.settings(SIMULATED_COURIERS) } : {}),
    },
  });
  const platform = {
    config: { ...config, sessionSecret: config.sessionSecret ?? HARNESS_CONFIG.sessionSecret },
    logger: pino({ level: "silent" }),
    database,
    storage: harness.services.storage,
    api: harness.app,
    services: harness.services,
    redis: undefined,
    pages,
    answers,
    mailWorker: harness.mailWorker,
    messageWorker: harness.messageWorker,
    stopWorkers: async () => {
      await Promise.all([harness.mailWorker.stop(), harness.messageWorker.stop()]);
    },
    close: async () => {},
  };
  // The host's own lane (shoppers' pages too), counting the requests it answers.
  const lane = platformLane(platform as unknown as Platform);
  let laneAnswers = 0;
  const counted = {
    ...lane,
    answer: (req: http.IncomingMessage, res: http.ServerResponse) => {
      const answered = lane.answer(req, res);
      if (answered === true) laneAnswers++;
      else if (answered !== false) {
        return answered.then((done) => {
          if (done) laneAnswers++;
          return done;
        });
      }
      return answered;
    },
  };
  const { host, listener } = createHostListener(platform, { lane: counted });
  const servers: ListeningHost[] = [];
  return {
    request: async (url, init) => host.request(new URL(url, HOST_URL).toString(), init),
    api: harness,
    pages,
    answers,
    async listen() {
      const server = http.createServer(listener);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const listening: ListeningHost = {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        server,
        laneAnswers: () => laneAnswers,
        close: () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
      servers.push(listening);
      return listening;
    },
    async close() {
      await Promise.all(servers.map((server) => server.close()));
      await simulators?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers through the register page, as a shopper would, and answers the session cookie it sets ("name=value");
 * with `role`, the account is then made staff or owner.
 */
export async function registeredCookie(
  host: HostHarness,
  database: TestDatabase,
  email: string,
  role?: "staff" | "owner",
): Promise<string> {
  const response = await host.request("/user-register", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
    body: new URLSearchParams({
      first_name: "Hina",
      last_name: "Baig",
      email,
      password: "correct horse",
      password_confirmation: "correct horse",
    }).toString(),
  });
  if (role) await database.db.updateTable("users").set({ role }).where("email", "=", email).execute();
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}
