/** Settings failures of spec section 8. */
export const SETTINGS_TEXTS = {
  siteLoad: "获取站点设置失败",
  siteSave: "更新站点设置失败",
  upload: "上传失败",
  feesLoad: "获取费用失败",
  feesSave: "更新费用失败",
  contactLoad: "获取联系信息失败",
  contactSave: "更新联系信息失败",
  footerLoad: "获取页脚信息失败",
  footerSave: "更新页脚信息失败",
  legalLoad: "获取协议与隐私政策失败",
  legalSave: "更新协议与隐私政策失败",
  signingLoad: "获取签名设置失败",
  signingSave: "更新签名设置失败",
} as const;
