import type { ErrorTable } from "../../common/error-table";

export const MALL_ERRORS = {
  CERT_PACKAGE_NOT_FOUND: { status: 404, message: "证书套餐不存在" },
  CERT_PACKAGE_INVALID: { status: 400, message: "证书套餐信息有误" },
  CERT_PLAN_NOT_FOUND: { status: 404, message: "价格方案不存在" },
  CERT_PLAN_INVALID: { status: 400, message: "价格方案信息有误" },
  CERT_PLAN_UNAVAILABLE: { status: 409, message: "该方案已下架，请重新选择" },
  CERT_PLAN_SOLD_OUT: { status: 409, message: "该方案已售罄" },
  CERT_PLAN_HAS_ORDERS: { status: 409, message: "该方案已有订单，需确认后强制删除" },
  MALL_DEVICE_REQUIRED: { status: 400, message: "请先选择要绑定的设备" },
  MALL_ORDER_NOT_FOUND: { status: 404, message: "证书订单不存在" },
  MALL_ORDER_IN_PROGRESS: { status: 409, message: "该设备已有处理中的同类证书订单" },
  MALL_ALREADY_OWNED: { status: 409, message: "该设备已有此套餐的有效证书，到期或失效后可续费" },
  MALL_ORDER_STATE_INVALID: { status: 409, message: "订单当前状态不能执行此操作" },
  MALL_DELIVERY_INVALID: { status: 400, message: "交付的证书不适用于该订单" },
  MALL_ACCOUNT_NOT_FOUND: { status: 404, message: "开发者账号不存在" },
  MALL_ACCOUNT_INVALID: { status: 400, message: "开发者账号信息有误" },
  MALL_SUPPLIER_NOT_FOUND: { status: 404, message: "供应商接口不存在" },
  MALL_SUPPLIER_INVALID: { status: 400, message: "供应商接口信息有误" },
  MALL_WARRANTY_EXPIRED: { status: 409, message: "已超出质保期，可优惠续费" },
  MALL_RENEWAL_INVALID: { status: 409, message: "该证书不能续费" },
} as const satisfies ErrorTable;

declare module "@gryx/contracts/error-codes" {
  interface ErrorCodeGroups {
    mall: keyof typeof MALL_ERRORS;
  }
}
