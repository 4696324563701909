// Starts the shop: `node server.ts` serves the production build, `node server.ts --dev` runs Vite in-process.
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";

const dev = process.argv.includes("--dev");

type HostModule = typeof import("./src/server/app.ts");

async function main() {
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const load = () => vite.ssrLoadModule("/src/server/app.ts") as Promise<HostModule>;
    const { startPlatform } = await load();
    const platform = await startPlatform();
    const server = http.createServer((req, res) => {
      vite.middlewares(req, res, async () => {
        const { createHost } = await load();
        getRequestListener(createHost(platform).fetch)(req, res);
      });
    });
    listen(server, platform.config.port, platform.config.host, platform.logger);
    return;
  }
  const buildEntry = path.resolve("build/server/index.js");
  const { startPlatform, createHostListener, createLifecycle, gracefulShutdown } = (await import(
    buildEntry
  )) as HostModule;
  const platform = await startPlatform();
  const lifecycle = createLifecycle();
  const { listener } = createHostListener(platform, {
    clientDir: path.relative(process.cwd(), path.resolve("build/client")),
    lifecycle,
  });
  const server = http.createServer(listener);
  listen(server, platform.config.port, platform.config.host, platform.logger);
  const shutdown = gracefulShutdown({
    server,
    lifecycle,
    stopWorkers: () => platform.stopWorkers(),
    close: () => platform.close(),
    logger: platform.logger,
    exit: (code) => process.exit(code),
    timeoutMs: 30_000,
    graceMs: platform.config.shutdownGraceMs,
  });
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

function listen(
  server: http.Server,
  port: number,
  host: string,
  logger: { info: (obj: object, msg: string) => void },
) {
  server.listen(port, host, () => logger.info({ url: `http://localhost:${port}` }, "shop is listening"));
}

main().catch((error: unknown) => {
  const name = error instanceof Error ? error.name : "";
  if (name === "ConfigError" || name === "DatabaseConnectionError") {
    process.stderr.write(`Cannot start the shop. ${(error as Error).message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
