import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { simpleParser } from "mailparser";

interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body, as transferred). */
  data: string;
  /** Parsed: the subject, the plain-text part and the HTML part (transfer encodings undone). */
  subject: string;
  text: string;
  html: string | null;
}

export interface SmtpTestServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Logins the server accepted (user names), when it asks for authentication. */
  logins: string[];
  /** Answers the next `times` messages (at the end of DATA) with this SMTP reply, e.g. 451 or 550, instead of 250. */
  refuseNext(times: number, code: number, message: string): void;
  /** How many messages were refused so far. */
  refused(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package, the SMTP side of nodemailer's project) that keeps what
 * it receives, parsed with `mailparser`. Optional: `auth` to require AUTH PLAIN/LOGIN with that user and password;
 * `refuseNext` to answer with a temporary (4xx) or permanent (5xx) failure.
 */
export async function startSmtpServer(opts: { auth?: { user: string; pass: string } } = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const logins: string[] = [];
  let refusals: { code: number; message: string; left: number } | null = null;
  let refusedCount = 0;
  const options: SMTPServerOptions = {
    secure: false,
    disabledCommands: opts.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) {
        logins.push(auth.username);
        return callback(null, { user: auth.username });
      }
      return callback(Object.assign(new Error("535 Authentication credentials invalid"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refusals && refusals.left > 0) {
          refusals.left--;
          refusedCount++;
          return callback(Object.assign(new Error(refusals.message), { responseCode: refusals.code }));
        }
        const data = Buffer.concat(chunks).toString("utf8");
        simpleParser(data)
          .then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              data,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : null,
            });
            callback();
          })
          .catch((e: Error) => callback(e));
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    logins,
    refuseNext: (times, code, message) => void (refusals = { code, message, left: times }),
    refused: () => refusedCount,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
