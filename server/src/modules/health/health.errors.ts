import type { ErrorTable } from "../../common/error-table";

export const HEALTH_ERRORS = {
  HEALTH_DATABASE_UNAVAILABLE: { status: 503, message: "数据库不可用" },
  HEALTH_WORKER_UNAVAILABLE: { status: 503, message: "后台任务服务无响应" },
  HEALTH_WORKER_WRONG_RESULT: { status: 503, message: "后台任务返回了错误的结果" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    health: keyof typeof HEALTH_ERRORS;
  }
}
