import type { AddressInfo } from "node:net";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

/**
 * A REAL SMTP server on 127.0.0.1 (smtp-server, nodemailer's project) on a random port, with AUTH
 * (PLAIN/LOGIN over plain TCP: allowInsecureAuth) checking one user and password. Every accepted
 * message is kept raw and parsed (postal-mime).
 */
export type ReceivedMail = { envelope: { from: string; to: string[] }; user: string | undefined; raw: string; parsed: Email };
export type FakeSmtp = { host: string; port: number; user: string; password: string; received: ReceivedMail[]; close(): Promise<void> };

export async function startFakeSmtp(opts: { user?: string; password?: string } = {}): Promise<FakeSmtp> {
  const user = opts.user ?? "smtp-user";
  const password = opts.password ?? "smtp-S3cret!";
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === password) return cb(null, { user: auth.username });
      return cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        PostalMime.parse(raw)
          .then((parsed) => {
            received.push({
              envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address) },
              user: session.user as string | undefined,
              raw,
              parsed,
            });
            cb();
          })
          .catch((e: Error) => cb(e));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { host: "127.0.0.1", port, user, password, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
