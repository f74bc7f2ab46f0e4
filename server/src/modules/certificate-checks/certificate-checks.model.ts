export type CheckTaskStatus = "checking" | "valid" | "revoked" | "expired" | "error" | "cancelled";
export type OcspOutcome = "good" | "revoked" | "unknown" | "error";

export type BatchStatus = "running" | "completed" | "cancelled";
