import { describe, expect, it } from "vitest";
import { SLUG_PATTERN, slugify } from "../../server/lib/slug";
import { newId } from "../../server/lib/ids";

describe("slugify", () => {
  it("derives URL-safe slugs from company names", () => {
    expect(slugify("Acme Formation")).toBe("acme-formation");
    expect(slugify("  École des Métiers d'Art  ")).toBe("ecole-des-metiers-d-art");
    expect(slugify("***")).toBe("");
    expect(SLUG_PATTERN.test(slugify("Centre de Formation Professionnelle Continue du Grand Est et Environs"))).toBe(true);
  });
});

describe("newId", () => {
  it("is {prefix}_{24 lowercase alphanumerics}", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newId("usr")));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^usr_[a-z0-9]{24}$/);
  });
});
