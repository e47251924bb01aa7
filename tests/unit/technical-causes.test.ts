import { describe, expect, it } from "vitest";
import { mailFailureCause, webhookFailureCause } from "../../server/lib/technical-causes";

describe("technical causes", () => {
  it("names a mail transport's failure", () => {
    expect(mailFailureCause("connect ECONNREFUSED 127.0.0.1:2525")).toBe("SMTP_UNREACHABLE");
    expect(mailFailureCause("getaddrinfo ENOTFOUND smtp.example.invalid")).toBe("SMTP_UNREACHABLE");
    expect(mailFailureCause("Invalid login: 535 Authentication failed")).toBe("SMTP_AUTH_FAILED");
    expect(mailFailureCause("self-signed certificate in certificate chain")).toBe("SMTP_TLS_FAILED");
    expect(mailFailureCause("Connection timeout")).toBe("SMTP_TIMEOUT");
    expect(mailFailureCause("Message failed: 550 5.7.1 Sender address rejected")).toBe("SMTP_REJECTED");
    expect(mailFailureCause("The account is not connected yet")).toBe("MAIL_ACCOUNT_NOT_CONNECTED");
    expect(mailFailureCause("The configuration is incomplete")).toBe("MAIL_CONFIG_INCOMPLETE");
    expect(mailFailureCause("Something odd")).toBe("MAIL_PROVIDER_ERROR");
  });

  it("names a webhook attempt's failure; a 2xx has none", () => {
    expect(webhookFailureCause({ statusCode: 200, error: null })).toBeNull();
    expect(webhookFailureCause({ statusCode: 503, error: null })).toBe("WEBHOOK_HTTP_SERVER_ERROR");
    expect(webhookFailureCause({ statusCode: 404, error: null })).toBe("WEBHOOK_HTTP_CLIENT_ERROR");
    expect(webhookFailureCause({ statusCode: 302, error: "Redirect to https://x not followed" })).toBe("WEBHOOK_REDIRECT");
    expect(webhookFailureCause({ statusCode: null, error: "Timed out: no answer within the time limit" })).toBe("WEBHOOK_TIMEOUT");
    expect(webhookFailureCause({ statusCode: null, error: "Connection failed: ECONNREFUSED: connect ECONNREFUSED 1.2.3.4:443" })).toBe("WEBHOOK_UNREACHABLE");
    expect(webhookFailureCause({ statusCode: null, error: "Refused: a private network address (webhooks reach public addresses only)" })).toBe("WEBHOOK_ADDRESS_REFUSED");
    expect(webhookFailureCause({ statusCode: null, error: "Not sent: the webhook is inactive" })).toBe("WEBHOOK_NOT_SENT");
  });
});
