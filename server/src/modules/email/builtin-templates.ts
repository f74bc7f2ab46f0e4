/**
 * The templates the platform's own mails use, seeded once (an admin may edit them, not delete them). Each names the
 * variables its sender fills; `site_name`, `username` and `email` are filled for every recipient.
 */
export const BUILTIN_TEMPLATES = [
  {
    key: "password-reset",
    name: "重置密码验证码",
    subject: "{{site_name}} 重置密码验证码",
    html: '<p>您好 {{username}}，</p><p>您的重置密码验证码是 <b style="font-size:20px">{{code}}</b>，{{minutes}} 分钟内有效。</p><p>如非本人操作，请忽略此邮件。</p>',
    text: "您好 {{username}}，您的重置密码验证码是 {{code}}，{{minutes}} 分钟内有效。如非本人操作，请忽略此邮件。",
  },
  {
    key: "certificate-revoked",
    name: "证书已吊销",
    subject: "证书「{{certificate_name}}」已被吊销",
    html: "<p>{{username}}，您好：</p><p>您的证书「{{certificate_name}}」于 {{revoked_at}} 经检测已被苹果吊销，无法再用于签名。</p>{{#reason}}<p>{{reason}}</p>{{/reason}}<p>请在证书管理中查看详情，并更换新的证书。</p>",
    text: "{{username}}，您好：\n\n您的证书「{{certificate_name}}」于 {{revoked_at}} 经检测已被苹果吊销，无法再用于签名。\n{{#reason}}{{reason}}\n{{/reason}}请在证书管理中查看详情，并更换新的证书。",
  },
  {
    key: "mall-delivery",
    name: "证书商城发货",
    subject: "订单 {{order_no}} 已发货",
    html: "<p>您好 {{username}}，</p><p>您在证书商城购买的 <b>{{package_name}}</b>（订单 {{order_no}}）已发货，可在「证书管理」中查看和下载。</p>",
    text: "您好 {{username}}，您在证书商城购买的 {{package_name}}（订单 {{order_no}}）已发货，可在「证书管理」中查看和下载。",
  },
  {
    key: "signing-done",
    name: "签名完成",
    subject: "{{app_name}} 签名完成",
    html: "<p>您好 {{username}}，</p><p>应用 <b>{{app_name}}</b> 已签名完成，可在「签名IPA」中安装或下载。</p>",
    text: "您好 {{username}}，应用 {{app_name}} 已签名完成，可在「签名IPA」中安装或下载。",
  },
  {
    key: "withdrawal-reviewed",
    name: "提现审核结果",
    subject: "提现 {{withdraw_no}} {{result}}",
    html: "<p>您好 {{username}}，</p><p>您的提现申请 {{withdraw_no}}（{{amount}} 元）已{{result}}。</p>{{#reason}}<p>原因：{{reason}}</p>{{/reason}}",
    text: "您好 {{username}}，您的提现申请 {{withdraw_no}}（{{amount}} 元）已{{result}}。{{#reason}}原因：{{reason}}{{/reason}}",
  },
] as const;
