/** Public API of the IPA signer, for the worker's signing jobs and the CLI. */
export { signIpa, loadCredentials, type SignInput, type SignResult } from "./signer";
export { verifyIpa, type VerifyOptions, type VerifyResult, type VerifiedCode } from "./verify";
export { AppleError, isAppleError, APPLE_ERROR_MESSAGES, type AppleErrorCode } from "@gryx/apple/errors";
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from "@gryx/apple/zip/limits";
export { signMachO } from "./macho-sign";
export { verifyMachO } from "./macho-verify";
export { injectDylib } from "./inject";
export { isMachO, machOInfo } from "@gryx/apple/macho";
