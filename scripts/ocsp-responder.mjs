#!/usr/bin/env node
// The demo PKI's OCSP responder (RFC 6960), for the default run and tests: its own process, on loopback only. It
// answers for the demo WWDR CA (demo/certificate/ca/wwdr.pem) from the CA's database (ca/index.txt, read again when it
// changes), signed by the delegated responder certificate ca/ocsp.pem with ca/ocsp.key; the protocol is
// @gryx/apple/ocsp-responder's. The demo certificates name http://127.0.0.1:6960/ (DEMO_OCSP_ADDRESS) as their OCSP
// address.
// Environment: OCSP_RESPONDER_PORT (default 6960; 0: any free port), OCSP_RESPONDER_DIR (default demo/certificate/ca).
// Started with an IPC channel it sends {type: "ready", url} once listening; it always prints the URL too.
// Never in production: with NODE_ENV=production it refuses unless DEFAULT_RUN=1 (the launcher's own non-production run).
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { caIndexFileLookup, ocspHttpServer, ocspResponder } from "@gryx/apple/ocsp-responder";

if (process.env.NODE_ENV === "production" && process.env.DEFAULT_RUN !== "1") {
  console.error("[ocsp-responder] the demo OCSP responder does not run in production");
  process.exit(1);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(process.env.OCSP_RESPONDER_DIR || path.join(root, "demo/certificate/ca"));
const port = Number(process.env.OCSP_RESPONDER_PORT ?? 6960);

let responder;
try {
  responder = ocspResponder({
    issuer: readFileSync(path.join(dir, "wwdr.pem")),
    signer: {
      certificate: readFileSync(path.join(dir, "ocsp.pem")),
      key: createPrivateKey(readFileSync(path.join(dir, "ocsp.key"))),
    },
    lookup: caIndexFileLookup(path.join(dir, "index.txt")),
  });
} catch (e) {
  console.error(`[ocsp-responder] cannot read the demo CA in ${dir}: ${e.message}`);
  process.exit(1);
}

const server = ocspHttpServer(responder);
server.keepAliveTimeout = 30_000;
server.once("error", (e) => {
  console.error(`[ocsp-responder] cannot listen on 127.0.0.1:${port}: ${e.code ?? e.message}`);
  process.exit(1);
});
server.listen(port, "127.0.0.1", () => {
  const url = `http://127.0.0.1:${server.address().port}/`;
  console.log(`[ocsp-responder] demo OCSP responder on ${url}`);
  process.send?.({ type: "ready", url });
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// Launched with IPC by the launcher: its parent gone, this goes too.
process.on("disconnect", stop);
