import type { ErrorTable } from "../../common/error-table";

export const TRAFFIC_ERRORS = {
  TRAFFIC_KIND_INVALID: { status: 400, message: "仅动态库和资源分享的下载收取流量费" },
  TRAFFIC_QUOTE_INVALID: { status: 400, message: "流量费报价无效，请重新获取" },
  TRAFFIC_QUOTE_EXPIRED: { status: 409, message: "流量费报价已过期，请重新确认" },
  TRAFFIC_FEE_FREE: { status: 400, message: "该下载无需流量费" },
  TRAFFIC_GRANT_REQUIRED: { status: 402, message: "请先支付流量费" },
  TRAFFIC_SIZE_INVALID: { status: 400, message: "文件大小无效" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    traffic: keyof typeof TRAFFIC_ERRORS;
  }
}
