export * from "./errors";
export * from "./plist";
export * from "./p12";
export * from "./mobileprovision";
export * from "./apple-certs";
export * from "./ipa-info";
export { isCgbiPng, readPngHeader, toStandardPng } from "./cgbi";
export * from "./ocsp";
export * from "./cert-status";
