/** Error texts of the shared request helper (spec section 8). */
export const REQUEST_ERROR_TEXTS = {
  timeout: (ms: number) => `请求超时 (${ms} ms)`,
  notJson: "响应格式错误",
  failed: "请求失败",
  network: "网络连接失败，请检查网络设置",
  unauthorized: "登录已过期，请重新登录",
  forbidden: "权限不足，无法执行此操作",
  notFound: "请求的资源不存在",
  serverError: "服务器内部错误，请稍后重试",
} as const;

/** Fixed texts by HTTP status; 5xx all map to serverError. */
export function statusText(status: number): string | undefined {
  if (status === 401) return REQUEST_ERROR_TEXTS.unauthorized;
  if (status === 403) return REQUEST_ERROR_TEXTS.forbidden;
  if (status === 404) return REQUEST_ERROR_TEXTS.notFound;
  if (status >= 500) return REQUEST_ERROR_TEXTS.serverError;
  return undefined;
}
