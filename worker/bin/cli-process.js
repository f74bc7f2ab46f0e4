"use strict";
/**
 * How bin/ipasign.js starts the CLI's process, in one place: the launcher, the signing benchmark and the memory test
 * start it the same way.
 *
 * - `--max-semi-space-size=1`: V8 lets the young generation grow to 32 MiB of semi-spaces in a busy process; signing
 *   churns through short-lived objects per entry (an app of 200,000 files), so small ones keep the peak RSS at what
 *   signing holds, not at what the collector has not looked at yet.
 * - `--v8-pool-size=1`: one V8 helper thread instead of one per core. Each helper allocates in a malloc arena of its
 *   own that keeps what it once used: 6 MiB less at the peak of 200,000 entries, and no slower (the signer's own
 *   parallel work runs in worker threads and libuv's pool, not V8's).
 * - glibc's malloc with fixed thresholds (128 KiB): by default a freed large block raises the mmap threshold, after
 *   which blocks of up to 32 MiB come from the main heap and stay in the process once freed (6 MiB at that peak).
 *   Other C libraries ignore these variables.
 */
const CLI_NODE_FLAGS = ["--max-semi-space-size=1", "--v8-pool-size=1"];
const CLI_ENV = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };

module.exports = { CLI_NODE_FLAGS, CLI_ENV };
