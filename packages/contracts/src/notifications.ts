/**
 * Words of the 站内消息 (user_notifications) that both the server and the worker write, so the two writers say the
 * same thing. Pure text: no I/O here.
 */
export interface NoticeText {
  kind: string;
  title: string;
  body: string;
  link: string;
  dedupeKey: string;
}

/** A mall certificate delivered to a user (by the worker's automatic delivery or an admin's manual one). */
export function mallDeliveredNotice(orderNo: string, packageName: string, certificateId: number): NoticeText {
  return {
    kind: "certificate-delivered",
    title: `证书「${packageName}」已发放`,
    body: `您购买的「${packageName}」（订单 ${orderNo}）已交付，可在证书管理中查看，签名时直接选用。`,
    link: `/certificate/${certificateId}`,
    dedupeKey: `mall-delivered:${orderNo}`,
  };
}
