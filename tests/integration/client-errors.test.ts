import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "../../server/http/app-server";

/**
 * What Node's HTTP parser refuses before any handler runs is answered with the API's error body
 * (documented on every operation: 408, 431): the server under test is the app's (createAppServer).
 */
let server: ReturnType<typeof createAppServer>;
let port: number;
beforeAll(async () => {
  // reads the whole body before answering, as the API does
  server = createAppServer((req, res) => req.on("end", () => res.end("{}")).resume(), { requestTimeoutMs: 600, headersTimeoutMs: 400 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Writes the chunks; with `afterFirstAnswer`, the last one only once the first response has arrived. */
function exchange(chunks: string[], waitMs = 5000, afterFirstAnswer = false): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, waitMs);
    let held = afterFirstAnswer ? chunks.at(-1) : undefined;
    socket.on("data", (d) => {
      text += d.toString("latin1");
      if (held !== undefined && text.includes("\r\n\r\n{}")) {
        socket.write(held);
        held = undefined;
      }
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on("error", () => undefined);
    socket.on("connect", () => (afterFirstAnswer ? chunks.slice(0, -1) : chunks).forEach((c) => socket.write(c)));
  });
}

const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) as { statusCode: number; code: string; message: string };

describe("client errors answered by the HTTP server", () => {
  it("a request line too large answers 431 with the error body", async () => {
    const text = await exchange([`GET /api/v1/courses?q=${"x".repeat(40_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`]);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(text).toMatch(/content-type: application\/json/i);
    expect(bodyOf(text)).toEqual({ statusCode: 431, code: "HEADERS_TOO_LARGE", message: "Request line or headers too large" });
  });

  it("a body that never finishes answers 408 with the error body", async () => {
    const text = await exchange(["POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n", '{"a":']);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(text)).toMatchObject({ statusCode: 408, code: "REQUEST_TIMEOUT" });
  });

  it("an unparsable request answers 400 with the error body", async () => {
    const text = await exchange(["NOT A REQUEST\r\n\r\n"]);
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(text)).toMatchObject({ statusCode: 400, code: "BAD_REQUEST" });
  });

  it("after a finished response on a kept-alive connection, a bad request still gets its 400 body", async () => {
    const text = await exchange(["GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "NOT A REQUEST\r\n\r\n"], 5000, true);
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answers[1]!)).toMatchObject({ statusCode: 400, code: "BAD_REQUEST" });
  });
});
