/**
 * Public API of the IPA signer, for the worker's signing jobs and the CLI. Failures caused by the inputs are
 * @gryx/apple's AppleError (codes and Chinese messages in @gryx/apple/errors); zip limits are @gryx/apple/zip/limits.
 */
export { signIpa, loadCredentials, type SignInput, type SignResult, type SignProgress } from "./signer";
export { verifyIpa, type VerifyOptions, type VerifyResult, type VerifiedCode } from "./verify";
export { signMachO } from "./macho-sign";
export { verifyMachO } from "./macho-verify";
export { injectDylib } from "./inject";
