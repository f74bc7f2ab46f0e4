/** Public API of the IPA signer, for the worker's signing jobs and the CLI. */
export { signIpa, loadCredentials, type SignInput, type SignResult } from "./signer";
export { verifyIpa, type VerifyOptions, type VerifyResult, type VerifiedCode } from "./verify";
export { SignError, isSignError, SIGN_ERROR_MESSAGES, type SignErrorCode } from "@gryx/server/apple/sign-error";
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from "@gryx/server/apple/zip/limits";
export { signMachO } from "./macho-sign";
export { verifyMachO } from "./macho-verify";
export { injectDylib } from "./inject";
export { isMachO, machOInfo } from "./macho";
