import net from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A small SMTP server on loopback that speaks enough of RFC 5321 (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT)
 * for a real client such as nodemailer to deliver to it. Tests read what it received.
 */
export async function startSmtpServer(): Promise<{ port: number; url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    let inData = false;
    const reply = (line: string) => socket.write(line + "\r\n");
    reply("220 localhost ESMTP test");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: "", to: [], data: "" };
          reply("250 OK queued");
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n");
        else if (verb === "HELO") reply("250 localhost");
        else if (verb === "MAIL") (mail.from = /<([^>]*)>/.exec(line)?.[1] ?? ""), reply("250 OK");
        else if (verb === "RCPT") mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? ""), reply("250 OK");
        else if (verb === "DATA") (inData = true), reply("354 End data with <CR><LF>.<CR><LF>");
        else if (verb === "RSET") (mail = { from: "", to: [], data: "" }), reply("250 OK");
        else if (verb === "NOOP") reply("250 OK");
        else if (verb === "QUIT") reply("221 Bye"), socket.end();
        else reply("502 Command not implemented");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
