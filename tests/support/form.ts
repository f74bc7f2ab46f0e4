import http from "node:http";
import https from "node:https";

/**
 * POSTs a multipart form on a connection of its own, never a pooled one, and answers the status and the body (JSON,
 * else `{ raw: text }`). A pooled connection idle for a few seconds may have been closed by the server (its keep-alive
 * timeout) while the test's event loop was busy (making a big IPA, a loaded machine), and then the write fails
 * (EPIPE, ECONNRESET) before the request reaches the server.
 */
export async function postMultipart(
  url: string,
  form: FormData,
  token?: string,
): Promise<{ status: number; body: any }> {
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const headers: Record<string, string> = {
    "content-type": encoded.headers.get("content-type")!,
    "content-length": String(payload.length),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    let answered = false;
    const req = (url.startsWith("https:") ? https : http).request(
      url,
      { method: "POST", headers, agent: false },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    // A server may answer (e.g. 413) and close before it has read the whole body: the answer is what counts.
    req.on("error", (e) => (answered ? undefined : reject(e)));
    req.end(payload);
  });
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    return { status, body: { raw: text } };
  }
}
