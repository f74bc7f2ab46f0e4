import type { ErrorTable } from "../../common/error-table";

export const STATS_ERRORS = {
  STATS_DAYS_INVALID: { status: 400, message: "天数需在1到366之间" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    stats: keyof typeof STATS_ERRORS;
  }
}
