/**
 * `ipasign`: command-line entry of the signer (worker/bin/ipasign.js loads the compiled file).
 *
 *   ipasign sign --ipa IN --p12 FILE --password PW --profile FILE --out OUT [options]
 *   ipasign verify FILE.ipa|BINARY [--root PEM ...]
 *
 * Exit 0 on success; 1 with "CODE: message" on stderr when signing or verification fails;
 * 2 for usage errors.
 */
import fs from "node:fs";
import { isAppleError, AppleError } from "@gryx/apple/errors";
import { isMachO } from "@gryx/apple/macho";
import { verifyMachO } from "./macho-verify";
import { signIpa, type SignInput } from "./signer";
import { verifyIpa } from "./verify";
import { APPLE_ROOT_PEMS } from "@gryx/apple/apple-certs";

export const USAGE = `用法 / usage:
  ipasign sign --ipa IN.ipa --p12 CERT.p12 --password PW --profile X.mobileprovision --out OUT.ipa
               [--bundle-id ID] [--name NAME] [--version V] [--build B]
               [--inject-dylib FILE ...] [--remove-plugins] [--remove-watch]
               [--remove-supported-devices] [--level 0-9]
  ipasign verify FILE.ipa|BINARY [--root ROOT.pem ...]
  ipasign --help

sign     re-signs the IPA and prints the result as JSON (the output is verified before it is kept)
verify   checks every signature, CodeResources and the embedded profile (or one Mach-O binary's
         signature); prints the report as JSON
         (--root: PEM certificates the signatures must chain to; default: Apple's root certificates)
exit     0 success, 1 failure ("CODE: message" on stderr), 2 usage error`;

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
}

const processIO: CliIO = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};

class UsageError extends Error {}

const VALUE_FLAGS = [
  "ipa",
  "p12",
  "password",
  "profile",
  "out",
  "bundle-id",
  "name",
  "version",
  "build",
  "level",
  "root",
];
const REPEATED_FLAGS = ["inject-dylib", "root"];
const BOOLEAN_FLAGS = ["remove-plugins", "remove-watch", "remove-supported-devices", "help"];

interface ParsedArgs {
  positional: string[];
  values: Map<string, string[]>;
  flags: Set<string>;
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { positional: [], values: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-h") {
      parsed.flags.add("help");
      continue;
    }
    if (!arg.startsWith("--")) {
      parsed.positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq >= 0 ? eq : undefined);
    if (BOOLEAN_FLAGS.includes(name)) {
      parsed.flags.add(name);
      continue;
    }
    if (!VALUE_FLAGS.includes(name) && !REPEATED_FLAGS.includes(name)) throw new UsageError(`未知参数 --${name}`);
    const list = parsed.values.get(name) ?? [];
    if (eq >= 0) list.push(arg.slice(eq + 1));
    else {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} 需要一个值`);
      list.push(argv[++i]);
      // `--inject-dylib a.dylib b.dylib` takes every following non-flag argument.
      if (REPEATED_FLAGS.includes(name))
        while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) list.push(argv[++i]);
    }
    if (list.length > 1 && !REPEATED_FLAGS.includes(name)) throw new UsageError(`--${name} 只能出现一次`);
    parsed.values.set(name, list);
  }
  return parsed;
}

function one(args: ParsedArgs, name: string, required: true): string;
function one(args: ParsedArgs, name: string, required?: false): string | undefined;
function one(args: ParsedArgs, name: string, required = false): string | undefined {
  const v = args.values.get(name)?.[0];
  if (required && v === undefined) throw new UsageError(`缺少 --${name}`);
  return v;
}

function readInput(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    throw new AppleError("APPLE_IO_ERROR", `${file}: ${(e as Error).message}`);
  }
}

/**
 * How the CLI has signIpa sign, beyond its arguments (the signing benchmark signs the same way): large code's pages
 * are hashed on a second thread beside its extraction, a thread that ends before the copy (its memory off the peak).
 * @public (tests/bench/sign.mjs signs with them from the built worker)
 */
export const CLI_SIGN_OPTIONS = { pageThread: "once" } as const satisfies Partial<SignInput>;

async function sign(args: ParsedArgs, io: CliIO): Promise<number> {
  const level = one(args, "level");
  if (level !== undefined && !/^[0-9]$/.test(level)) throw new UsageError("--level 取值 0-9");
  const input: SignInput = {
    ipaPath: one(args, "ipa", true),
    p12: readInput(one(args, "p12", true)),
    password: one(args, "password") ?? "",
    profile: readInput(one(args, "profile", true)),
    outPath: one(args, "out", true),
    bundleId: one(args, "bundle-id"),
    displayName: one(args, "name"),
    version: one(args, "version"),
    build: one(args, "build"),
    injectDylibs: args.values.get("inject-dylib"),
    removePlugins: args.flags.has("remove-plugins"),
    removeWatch: args.flags.has("remove-watch"),
    removeUISupportedDevices: args.flags.has("remove-supported-devices"),
    compressionLevel: level === undefined ? undefined : Number(level),
    ...CLI_SIGN_OPTIONS,
  };
  const result = await signIpa(input);
  io.out(JSON.stringify(result, null, 2));
  return 0;
}

/** A Mach-O is verified on its own; anything else is taken for an IPA. */
async function verifyFile(
  file: string,
  trustedRoots: string[] | undefined,
): Promise<{ ok: boolean; problems: string[]; issues?: { path: string }[] }> {
  let head = Buffer.alloc(64);
  try {
    const fd = fs.openSync(file, "r");
    head = head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
    fs.closeSync(fd);
  } catch (e) {
    throw new AppleError("APPLE_IO_ERROR", `${file}: ${(e as Error).message}`);
  }
  if (!isMachO(head)) return verifyIpa(file, { trustedRoots });
  const r = verifyMachO(readInput(file), { trustedRoots });
  const printable = {
    ...r,
    cdhashes: r.cdhashes.map((h) => h.toString("hex")),
    entitlements: r.entitlements?.toString("utf8"),
  };
  return printable;
}

async function verify(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positional.length !== 2) throw new UsageError("verify 需要一个 IPA 或 Mach-O 文件");
  // Without --root the chain must end at Apple's roots, as on a device.
  const roots = args.values.get("root")?.map((f) => readInput(f).toString("utf8")) ?? [...APPLE_ROOT_PEMS];
  const result = await verifyFile(args.positional[1], roots);
  io.out(JSON.stringify(result, null, 2));
  if (!result.ok) {
    const err = new AppleError("APPLE_VERIFY_FAILED", result.problems.join("；"), result.issues?.[0]?.path);
    io.err(`${err.code}: ${err.message}`);
    return 1;
  }
  return 0;
}

export async function run(argv: readonly string[], io: CliIO = processIO): Promise<number> {
  try {
    const args = parseArgs(argv);
    const command = args.positional[0];
    if (args.flags.has("help") || command === "help" || command === undefined) {
      io.out(USAGE);
      return command === undefined && !args.flags.has("help") ? 2 : 0;
    }
    if (command === "sign") {
      if (args.positional.length > 1) throw new UsageError(`多余的参数 ${args.positional[1]}`);
      return await sign(args, io);
    }
    if (command === "verify") return await verify(args, io);
    throw new UsageError(`未知命令 ${command}`);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`USAGE: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (isAppleError(e)) {
      io.err(`${e.code}: ${e.message}`);
      return 1;
    }
    io.err(`INTERNAL_ERROR: ${(e as Error)?.stack ?? String(e)}`);
    return 1;
  }
}

if (require.main === module) {
  void run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
