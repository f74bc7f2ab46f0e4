import type { ErrorTable } from "../../common/error-table";

export const CARD_KEYS_ERRORS = {
  CARD_KEY_NOT_FOUND: { status: 404, message: "卡密不存在，请检查后重新输入" },
  CARD_KEY_USED: { status: 409, message: "该卡密已被使用" },
  CARD_KEY_EXPIRED: { status: 410, message: "该卡密已过期" },
  CARD_KEY_DISABLED: { status: 403, message: "该卡密已停用" },
  CARD_KEY_BATCH_NOT_FOUND: { status: 404, message: "卡密批次不存在" },
  CARD_KEY_KIND_INVALID: { status: 400, message: "卡密类型无效（余额卡密或证书卡密）" },
  CARD_KEY_AMOUNT_INVALID: { status: 400, message: "卡密面额无效" },
  CARD_KEY_COUNT_INVALID: { status: 400, message: "生成数量须为1到10000之间的整数" },
  CARD_KEY_PREFIX_INVALID: { status: 400, message: "前缀只能包含大写字母和数字，最多8个字符" },
  CARD_KEY_EXPIRY_INVALID: { status: 400, message: "过期时间无效，须晚于当前时间" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    cardKeys: keyof typeof CARD_KEYS_ERRORS;
  }
}
