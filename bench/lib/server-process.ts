import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The bench server's signing secret: the harness signs a session cookie with it (`signedInShopper`). */
export const SESSION_SECRET = "benchmark-only-session-secret-0123456789abcdef";

/**
 * Starts bench/server.ts (the production host plus the reference routes) in its own process, so the load
 * generator and the server never share an event loop or a core.
 */
export async function startServer(options: {
  /** A free loopback port by default. */
  port?: number;
  databaseUrl: string;
  dataDir: string;
  seedDemo?: boolean;
  /** The checkout to serve (its build/ and bench/server.ts); the current directory by default. */
  cwd?: string;
}): Promise<RunningServer> {
  const cwd = path.resolve(options.cwd ?? ".");
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(cwd, "bench/server.ts")], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: options.seedDemo ? "true" : "false",
      LOG_LEVEL: "warn",
      // The checkout workload places every order from one address with one phone number.
      ORDERS_PER_PHONE_PER_HOUR: "100000",
      ORDERS_PER_ADDRESS_PER_HOUR: "100000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s\n${output}`)), 180_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (/^ready \d+/m.test(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before it was ready\n${output}`));
    });
  });
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`bench server ${cwd} exited (${code ?? signal}):\n${output.slice(-4000)}`);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
