import { createHash } from "node:crypto";
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

export interface Sandbox {
  url: string;
  pid: string;
  key: string;
  stop(): Promise<void>;
}

/** Starts scripts/epay-sandbox.mjs (the local EPay gateway) as its own process on a free loopback port. */
export async function startSandbox(pid = "1001", key = "sandbox-test-key-0123456789"): Promise<Sandbox> {
  let output = "";
  const child: ChildProcess = fork(path.join(root, "scripts/epay-sandbox.mjs"), [], {
    env: { ...process.env, EPAY_SANDBOX_PID: pid, EPAY_SANDBOX_KEY: key, EPAY_SANDBOX_PORT: "0" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 15_000);
    child.on("message", (m: { type?: string; url?: string }) => {
      if (m?.type === "ready" && m.url) {
        clearTimeout(timer);
        resolve(m.url);
      }
    });
    child.on("exit", (code) => reject(new Error(`sandbox exited with ${code}:\n${output}`)));
  });
  return {
    url,
    pid,
    key,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The EPay signature, computed here independently of the server's code. */
export function md5sign(params: Record<string, string>, key: string): string {
  const str = Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type" && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  return createHash("md5")
    .update(str + key, "utf8")
    .digest("hex");
}

/** The signed notify a gateway sends for a paid order (fields in `over` replace the defaults before signing). */
export function signedNotify(
  sandbox: Pick<Sandbox, "pid" | "key">,
  orderNo: string,
  money: string,
  over: Record<string, string> = {},
  key = sandbox.key,
): Record<string, string> {
  const fields = {
    pid: sandbox.pid,
    trade_no: `T${orderNo}`,
    out_trade_no: orderNo,
    type: "alipay",
    name: "账户充值",
    money,
    trade_status: "TRADE_SUCCESS",
    ...over,
  };
  return { ...fields, sign: md5sign(fields, key), sign_type: "MD5" };
}
