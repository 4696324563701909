import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const SESSION_SECRET = "benchmark-only-session-secret-0123456789abcdef";

/**
 * Starts bench/server.ts (the production host plus the reference routes) in its own process, so the load
 * generator and the server never share an event loop or a core.
 */
export async function startServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  seedDemo?: boolean;
}): Promise<RunningServer> {
  const child = spawn(process.execPath, [path.resolve("bench/server.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      SEED_DEMO: options.seedDemo ? "true" : "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
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
  return {
    url: `http://127.0.0.1:${options.port}`,
    pid: child.pid ?? 0,
    stop: () => stopChild(child),
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
