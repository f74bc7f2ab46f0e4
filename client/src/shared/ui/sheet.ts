/** The body style of every bottom sheet (antd-mobile's Popup from the bottom): rounded top corners. */
export const SHEET_BODY_STYLE = { borderTopLeftRadius: 16, borderTopRightRadius: 16 } as const;
