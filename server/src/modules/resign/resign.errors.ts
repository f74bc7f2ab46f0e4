import type { ErrorTable } from "../../common/error-table";

export const RESIGN_ERRORS = {
  RESIGN_NOT_NEEDED: { status: 409, message: "该应用的证书未掉签，无需重签" },
  RESIGN_INCIDENT_NOT_FOUND: { status: 404, message: "掉签事件不存在" },
  RESIGN_CERT_UNUSABLE: { status: 400, message: "所选证书不可用（已吊销、已过期或不是您的证书），请换一个证书" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    resign: keyof typeof RESIGN_ERRORS;
  }
}
