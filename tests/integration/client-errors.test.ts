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

function exchange(chunks: string[], waitMs = 5000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, waitMs);
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on("error", () => undefined);
    socket.on("connect", () => chunks.forEach((c) => socket.write(c)));
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
});
