import { readFileSync } from "node:fs";
import path from "node:path";
import { pemCertificates } from "@gryx/apple/apple-certs";
import type { DemoCertificateInput } from "../../modules/certificates/certificates.service";

/**
 * The committed demo material (demo/ at the repository root; the same path from server/src and server/dist):
 * the demo certificate (demo/gen-certificate.sh) and the demo apps' IPAs (demo/gen-ipas.mjs). Read from the source
 * tree, so a fresh machine needs neither openssl nor a compiler.
 */
export const DEMO_DIR = path.resolve(__dirname, "..", "..", "..", "..", "demo");
export const DEMO_ROOT_PEM = path.join(DEMO_DIR, "certificate", "root.pem");

interface CertificateManifest {
  name: string;
  p12: string;
  password: string;
  profile: string;
  root: string;
}

/** The demo certificate's files as the certificates domain stores them. */
export function readDemoCertificate(dir = DEMO_DIR): DemoCertificateInput {
  const m = JSON.parse(readFileSync(path.join(dir, "certificate", "certificate.json"), "utf8")) as CertificateManifest;
  const file = (name: string) => readFileSync(path.join(dir, "certificate", path.basename(name)));
  return {
    name: m.name,
    p12: file(m.p12),
    password: m.password,
    profile: file(m.profile),
    root: pemCertificates(file(m.root).toString("utf8"))[0],
  };
}

/** One demo app: its IPA (demo/ipas/<file>) and the catalogue row made of it. */
export interface DemoApp {
  file: string;
  name: string;
  bundleId: string;
  version: string;
  build: string;
  minOs: string;
  keywords: string;
  description: string;
  price: number;
}

export function readDemoApps(dir = DEMO_DIR): (DemoApp & { path: string })[] {
  const apps = JSON.parse(readFileSync(path.join(dir, "ipas", "apps.json"), "utf8")) as DemoApp[];
  return apps.map((a) => ({ ...a, path: path.join(dir, "ipas", path.basename(a.file)) }));
}
