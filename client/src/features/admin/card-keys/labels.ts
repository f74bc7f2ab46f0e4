export const CARD_KEY_STATUS: Record<string, { text: string; color: string }> = {
  unused: { text: "未使用", color: "blue" },
  redeemed: { text: "已兑换", color: "green" },
  disabled: { text: "已停用", color: "default" },
  expired: { text: "已过期", color: "orange" },
};

export const CARD_KEY_KINDS: Record<string, string> = { balance: "余额", certificate: "证书" };

/** The just-generated codes as a CSV file (UTF-8 with BOM for spreadsheet programs). Codes are [A-Z0-9-] only. */
export function codesCsv(codes: string[], amount: number, batchId: string): string {
  return (
    "\ufeff" + ["卡密,面额,批次", ...codes.map((c) => `${c},${amount.toFixed(2)},${batchId}`)].join("\r\n") + "\r\n"
  );
}

export function saveText(text: string, name: string, type = "text/csv;charset=utf-8"): void {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
