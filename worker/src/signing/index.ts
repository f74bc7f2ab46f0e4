/**
 * Public API of the IPA signer, for the worker's signing jobs and the CLI. Failures caused by the inputs are
 * @gryx/apple's AppleError (codes and Chinese messages in @gryx/apple/errors); zip limits are @gryx/apple/zip/limits.
 */
export { signIpa, type SignProgress } from "./signer";
export { verifyIpa } from "./verify";
