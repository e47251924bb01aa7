import { describe, expect, it } from "vitest";
import { slugFromHost } from "../../server/lib/host";

describe("slugFromHost", () => {
  it.each([
    ["acme.localhost:3000", "localhost:3000", "acme"],
    ["acme.localhost:4123", "localhost:3000", "acme"],
    ["ACME.Localhost", "localhost:3000", "acme"],
    ["globex.formation.example.fr", "formation.example.fr", "globex"],
  ])("%s under %s is %s", (host, root, slug) => {
    expect(slugFromHost(host, root)).toBe(slug);
  });

  it.each([
    ["localhost:3000", "localhost:3000"],
    ["www.localhost:3000", "localhost:3000"],
    ["a.b.localhost:3000", "localhost:3000"],
    ["evil-localhost:3000", "localhost:3000"],
    ["example.com", "localhost:3000"],
  ])("%s under %s names no tenant", (host, root) => {
    expect(slugFromHost(host, root)).toBeNull();
  });

  it("handles a missing host", () => {
    expect(slugFromHost(undefined, "localhost:3000")).toBeNull();
  });
});
