#!/usr/bin/env node
// A local 易支付 (EPay) sandbox gateway, for development and tests: its own process, on loopback only.
// It speaks the protocol a real EPay gateway speaks:
//   GET  /submit.php?pid,type,out_trade_no,notify_url,return_url,name,money,sign,sign_type  → the payment page
//   POST /pay (out_trade_no)  → the 支付成功 button: sends the signed notify to notify_url, then redirects to return_url
//   GET  /api.php?act=order&pid=&key=&out_trade_no=  → the standard order query (JSON)
// Environment: EPAY_SANDBOX_PID, EPAY_SANDBOX_KEY (the merchant), EPAY_SANDBOX_PORT (0 or unset: any free port).
// Started with an IPC channel it sends {type: "ready", url} once listening; it always prints the URL too.
// The server never imports this file: it only knows it as a payment method's gateway URL.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";

const PID = process.env.EPAY_SANDBOX_PID || "1000";
const KEY = process.env.EPAY_SANDBOX_KEY || "";
if (KEY.length < 16) {
  console.error("[epay-sandbox] EPAY_SANDBOX_KEY must have at least 16 characters");
  process.exit(2);
}
const PORT = Number(process.env.EPAY_SANDBOX_PORT || 0);

/** md5 of the non-empty parameters but sign and sign_type, sorted by name, joined k=v&k=v, key appended. */
function sign(params, key) {
  const str = Object.keys(params)
    .filter(
      (k) =>
        k !== "sign" && k !== "sign_type" && params[k] !== undefined && params[k] !== null && String(params[k]) !== "",
    )
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  return createHash("md5")
    .update(str + key, "utf8")
    .digest("hex");
}

/** out_trade_no → the order as the gateway knows it. In memory: a restarted sandbox forgets its orders. */
const orders = new Map();
let tradeSeq = 0;

const escape = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const CHANNELS = { alipay: "支付宝", wxpay: "微信支付", qqpay: "QQ钱包" };

function page(title, body, status = 200) {
  return {
    status,
    type: "text/html; charset=utf-8",
    body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:18px;margin:0 0 4px}.tip{color:#888;font-size:13px;margin:0 0 16px}
.amount{font-size:36px;font-weight:600;text-align:center;margin:16px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;font-size:14px;margin:0 0 20px}dt{color:#888}dd{margin:0;word-break:break-all}
button{width:100%;height:48px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:17px}
.err{color:#c00}</style></head><body><main><div class="card">${body}</div></main></body></html>`,
  };
}

function submitPage(q) {
  if (q.pid !== PID)
    return page("支付失败", `<h1 class="err">商户不存在</h1><p class="tip">pid 与沙箱商户不符</p>`, 400);
  if (!q.sign || sign(q, KEY) !== String(q.sign).toLowerCase())
    return page("支付失败", `<h1 class="err">签名错误</h1><p class="tip">请求参数的签名校验失败</p>`, 400);
  if (!q.out_trade_no || !q.notify_url || !/^\d+(\.\d{1,2})?$/.test(q.money ?? ""))
    return page("支付失败", `<h1 class="err">参数不完整</h1>`, 400);
  let order = orders.get(q.out_trade_no);
  if (!order) {
    order = {
      trade_no: `${new Date().toISOString().slice(0, 10).replace(/-/g, "")}${String(++tradeSeq).padStart(6, "0")}${randomBytes(3).toString("hex")}`,
      out_trade_no: q.out_trade_no,
      type: q.type || "alipay",
      name: q.name || "",
      money: q.money,
      notify_url: q.notify_url,
      return_url: q.return_url || "",
      addtime: new Date().toISOString().replace("T", " ").slice(0, 19),
      endtime: "",
      status: 0,
    };
    orders.set(q.out_trade_no, order);
  }
  const paid = order.status === 1;
  return page(
    "沙箱支付",
    `<h1>沙箱支付</h1><p class="tip">本地测试网关，不会产生真实扣款</p>
<div class="amount">¥${escape(order.money)}</div>
<dl><dt>商品</dt><dd>${escape(order.name)}</dd><dt>订单号</dt><dd>${escape(order.out_trade_no)}</dd>
<dt>支付方式</dt><dd>${escape(CHANNELS[order.type] ?? order.type)}</dd><dt>状态</dt><dd>${paid ? "已支付" : "待支付"}</dd></dl>
<form method="post" action="pay"><input type="hidden" name="out_trade_no" value="${escape(order.out_trade_no)}">
<button type="submit">${paid ? "重新通知并返回商户" : "支付成功"}</button></form>`,
  );
}

/** The notify's fields, signed with the merchant key, as a real gateway sends them. */
function notifyFields(order) {
  const f = {
    pid: PID,
    trade_no: order.trade_no,
    out_trade_no: order.out_trade_no,
    type: order.type,
    name: order.name,
    money: order.money,
    trade_status: "TRADE_SUCCESS",
  };
  return { ...f, sign: sign(f, KEY), sign_type: "MD5" };
}

async function sendNotify(order) {
  const url = new URL(order.notify_url);
  for (const [k, v] of Object.entries(notifyFields(order))) url.searchParams.set(k, v);
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const text = (await res.text()).trim();
      if (text === "success") return true;
      console.warn(
        `[epay-sandbox] notify for ${order.out_trade_no} answered "${text.slice(0, 60)}" (attempt ${attempt})`,
      );
    } catch (e) {
      console.warn(`[epay-sandbox] notify for ${order.out_trade_no} failed: ${e.message} (attempt ${attempt})`);
    }
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
  return false;
}

async function pay(form) {
  const order = orders.get(form.out_trade_no ?? "");
  if (!order) return page("支付失败", `<h1 class="err">订单不存在</h1>`, 404);
  if (order.status !== 1) {
    order.status = 1;
    order.endtime = new Date().toISOString().replace("T", " ").slice(0, 19);
  }
  const delivered = await sendNotify(order);
  if (!order.return_url)
    return page(
      "支付成功",
      `<h1>支付成功</h1><p class="tip">${delivered ? "已通知商户" : "商户未确认通知，稍后将自动查询"}</p>`,
    );
  const back = new URL(order.return_url);
  for (const [k, v] of Object.entries(notifyFields(order))) back.searchParams.set(k, v);
  return { status: 302, headers: { location: back.toString() }, body: "" };
}

function query(q) {
  if (q.act !== "order") return json({ code: -1, msg: "不支持的操作" });
  if (q.pid !== PID || q.key !== KEY) return json({ code: -1, msg: "商户密钥错误" });
  const order = orders.get(q.out_trade_no ?? "");
  if (!order) return json({ code: -1, msg: "订单号不存在" });
  const { notify_url: _n, return_url: _r, ...rest } = order;
  return json({ code: 1, msg: "查询订单号成功！", pid: PID, ...rest });
}

const json = (obj) => ({ status: 200, type: "application/json; charset=utf-8", body: JSON.stringify(obj) });

async function readForm(req) {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 16384) break;
  }
  return Object.fromEntries(new URLSearchParams(body));
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://sandbox.local");
    const q = Object.fromEntries(url.searchParams);
    let out;
    if (req.method === "GET" && url.pathname === "/submit.php") out = submitPage(q);
    else if (req.method === "POST" && url.pathname === "/submit.php")
      out = submitPage({ ...q, ...(await readForm(req)) });
    else if (req.method === "POST" && url.pathname === "/pay") out = await pay(await readForm(req));
    else if (url.pathname === "/api.php") out = query(req.method === "POST" ? { ...q, ...(await readForm(req)) } : q);
    else
      out = page(
        "沙箱支付",
        `<h1>易支付沙箱网关</h1><p class="tip">商户号 ${escape(PID)}</p>`,
        url.pathname === "/" ? 200 : 404,
      );
    res.writeHead(out.status, {
      ...(out.type ? { "content-type": out.type } : {}),
      ...(out.headers ?? {}),
      "cache-control": "no-store",
    });
    res.end(out.body);
  } catch (e) {
    console.error(`[epay-sandbox] ${e.stack ?? e}`);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end("sandbox error");
  }
});

server.listen(PORT, "127.0.0.1", () => {
  const url = `http://127.0.0.1:${server.address().port}`;
  console.log(`[epay-sandbox] 易支付沙箱网关 ${url} (商户号 ${PID})`);
  process.send?.({ type: "ready", url });
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
