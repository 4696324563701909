// The production shape without Docker: one fresh PostgreSQL database, two instances of the built shop (each with
// its own data folder, images and uploads in a local s3rver bucket), and nginx in front with HTTPS (deploy/nginx/shop.conf.template, the file compose.yaml uses too).
// Everything lives under .tmp/prod-shape; nothing outside it (no root nginx config, no system service) is touched.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(".tmp/prod-shape");
export const HTTPS_PORT = 8443;
export const INSTANCE_PORTS = [3241, 3242] as const;
export const PUBLIC_URL = `https://localhost:${HTTPS_PORT}`;
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const SESSION_SECRET = "production-shape-only-secret-0123456789abcdef";

export type Log = (line: string) => void;

/** Why the production shape cannot run on this machine, or null when it can. */
export async function missingService(log: Log): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    return `PostgreSQL is not reachable at ${redact(ADMIN_URL)} (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  if (!(await redisAnswers(REDIS_URL))) return `Redis is not reachable at ${REDIS_URL}`;
  if (!nginxBinary()) {
    log("nginx is missing: installing Debian's nginx-light");
    installNginx(log);
    if (!nginxBinary()) return "nginx is not installed and could not be installed";
  }
  if (!commandExists("openssl")) return "openssl is not installed";
  for (const port of [HTTPS_PORT, ...INSTANCE_PORTS]) {
    if (await portInUse(port)) return `port ${port} is already in use`;
  }
  return null;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

function commandExists(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

function installNginx(log: Log) {
  if (process.getuid?.() !== 0 || !commandExists("apt-get")) {
    log("  cannot install nginx here (not root, or no apt-get)");
    return;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args: string[]) =>
    spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "inherit"], timeout: 300_000 }).status ===
    0;
  if (!run(["install", "-y", "-qq", "nginx-light"])) {
    run(["update", "-qq"]);
    run(["install", "-y", "-qq", "nginx-light"]);
  }
}

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (chunk) => done(chunk.toString().startsWith("+PONG")));
  });
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A self-signed certificate for localhost (and 127.0.0.1), valid for two days. */
export function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, "localhost.crt");
  const key = path.join(dir, "localhost.key");
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { cert, key };
}

export interface Database {
  name: string;
  url: string;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Ends every connection the shop holds to this database; answers how many were ended. */
  terminateShopConnections(): Promise<number>;
  drop(): Promise<void>;
}

export async function createDatabase(): Promise<Database> {
  const name = `shop_prod_shape_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 2,
    application_name: "prod-shape-check",
  });
  // A terminated backend of this pool (never expected) must not crash the checker.
  pool.on("error", () => {});
  return {
    name,
    url: url.toString(),
    async query(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async terminateShopConnections() {
      const rows = await admin.query(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and application_name <> 'prod-shape-check'`,
        [name],
      );
      return rows.rows.filter((row) => row.ended).length;
    },
    async drop() {
      await pool.end().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface Instance {
  port: number;
  readonly process: ChildProcess | null;
  /** How often this instance's process ended without being asked to (a crash). */
  readonly crashes: number;
  start(): Promise<void>;
  /** SIGTERM; answers the exit code once the process has finished its requests and exited. */
  stop(): Promise<number | null>;
  kill9(): Promise<void>;
  running(): boolean;
}

/**
 * One instance of the built shop on `port`, run from the private copy of the build in `appDir` (so a rebuild in
 * the working tree cannot swap its assets), with its data folder (its own when a bucket holds the images).
 */
export function instance(options: {
  port: number;
  appDir: string;
  dataDir: string;
  databaseUrl: string;
  logFile: string;
  seed: boolean;
  extraEnv?: Record<string, string>;
}): Instance {
  let child: ChildProcess | null = null;
  let crashes = 0;
  let expectingExit = false;
  const log = fs.createWriteStream(options.logFile, { flags: "a" });
  const self: Instance = {
    port: options.port,
    get process() {
      return child;
    },
    get crashes() {
      return crashes;
    },
    async start() {
      expectingExit = false;
      const started = spawn(process.execPath, [path.resolve("server.ts")], {
        cwd: options.appDir,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(options.port),
          HOST: "127.0.0.1",
          TRUST_PROXY: "1",
          DATABASE_URL: options.databaseUrl,
          REDIS_URL,
          PUBLIC_URL,
          DATA_DIR: options.dataDir,
          SESSION_SECRET,
          SEED_DEMO: options.seed ? "true" : "false",
          LOG_LEVEL: "warn",
          // Every load-test shopper comes from 127.0.0.1; the limit itself is tested in the API suite.
          AUTH_ATTEMPTS_PER_15_MIN: "100000",
          LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: "100000",
          LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: "100000",
          ORDERS_PER_PHONE_PER_HOUR: "100000",
          ORDERS_PER_ADDRESS_PER_HOUR: "100000",
          ...options.extraEnv,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      started.stdout?.pipe(log, { end: false });
      started.stderr?.pipe(log, { end: false });
      started.once("exit", (code, signal) => {
        log.write(`--- exited code=${code} signal=${signal}\n`);
        if (!expectingExit) crashes += 1;
        if (child === started) child = null;
      });
      await waitFor(`http://127.0.0.1:${options.port}/readyz`, 120_000, () => child === started);
    },
    async stop() {
      const current = child;
      if (!current) return null;
      expectingExit = true;
      const exited = new Promise<number | null>((resolve) => current.once("exit", (code) => resolve(code)));
      current.kill("SIGTERM");
      return exited;
    },
    async kill9() {
      const current = child;
      if (!current) return;
      expectingExit = true;
      const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
      current.kill("SIGKILL");
      await exited;
    },
    running: () => child !== null,
  };
  return self;
}

/** Polls a URL until it answers 200, the process given up on, or the time runs out. */
export async function waitFor(url: string, timeoutMs: number, alive: () => boolean = () => true) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`the process behind ${url} exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface ReverseProxy {
  stop(): Promise<void>;
  readonly exitCode: number | null;
}

/** nginx in the foreground, its prefix, pid, logs and temp files under `dir`. */
export async function startNginx(options: {
  dir: string;
  cert: string;
  key: string;
  ca: Buffer;
  /** The instances' ports (both upstreams are the one instance when only one runs). */
  ports?: readonly number[];
}): Promise<ReverseProxy> {
  const template = fs.readFileSync(path.resolve("deploy/nginx/shop.conf.template"), "utf8");
  const [portA, portB = portA] = options.ports ?? INSTANCE_PORTS;
  const values: Record<string, string> = {
    SHOP_UPSTREAM_A: `127.0.0.1:${portA}`,
    SHOP_UPSTREAM_B: `127.0.0.1:${portB}`,
    HTTPS_PORT: String(HTTPS_PORT),
    SHOP_SERVER_NAME: new URL(PUBLIC_URL).hostname,
    TLS_CERT: options.cert,
    TLS_KEY: options.key,
  };
  const site = template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
  const dir = options.dir;
  for (const sub of ["logs", "temp"]) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.writeFileSync(path.join(dir, "shop.conf"), site);
  const temp = (name: string) => path.join(dir, "temp", name);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${path.join(dir, "nginx.pid")};`,
      `error_log ${path.join(dir, "logs/error.log")} warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `  access_log ${path.join(dir, "logs/access.log")};`,
      `  client_body_temp_path ${temp("body")};`,
      `  proxy_temp_path ${temp("proxy")};`,
      `  fastcgi_temp_path ${temp("fastcgi")};`,
      `  uwsgi_temp_path ${temp("uwsgi")};`,
      `  scgi_temp_path ${temp("scgi")};`,
      `  include ${path.join(dir, "shop.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const binary = nginxBinary() ?? "nginx";
  const tested = spawnSync(binary, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], {
    encoding: "utf8",
  });
  if (tested.status !== 0) throw new Error(`nginx refused its configuration:\n${tested.stderr}`);
  const child = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "ignore", fs.openSync(path.join(dir, "logs/stderr.log"), "a")],
  });
  let exitCode: number | null = null;
  child.once("exit", (code) => {
    exitCode = code ?? -1;
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = await new Promise<number>((resolve) => {
      const request = https.get(`${PUBLIC_URL}/healthz`, { ca: options.ca, timeout: 2000 }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", () => resolve(0));
    });
    if (status === 200) break;
    if (exitCode !== null) throw new Error(`nginx exited with ${exitCode}; see ${dir}/logs/error.log`);
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${PUBLIC_URL} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    get exitCode() {
      return exitCode;
    },
    async stop() {
      if (exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
