import { describe, expect, it } from "vitest";
import { limitPage, pageMeta, pageOf, paginate, perPagePage, totalKeys } from "../../server/services/platform/pagination";

describe("pagination helper", () => {
  it("reads either page-size name; perPage wins, then limit, then the default", () => {
    expect(pageOf({ page: 3, perPage: 10 })).toEqual({ style: "perPage", page: 3, size: 10, offset: 20 });
    expect(pageOf({ page: 2, limit: 25 })).toEqual({ style: "limit", page: 2, size: 25, offset: 25 });
    expect(pageOf({ page: 1 }, 20)).toEqual({ style: "limit", page: 1, size: 20, offset: 0 });
    expect(limitPage({ page: 1, limit: 500 }).size).toBe(100);
  });

  it("builds the spec's meta for each style", () => {
    expect(pageMeta(limitPage({ page: 2, limit: 20 }), 41)).toEqual({ total: 41, page: 2, limit: 20, totalPages: 3 });
    expect(pageMeta(limitPage({ page: 1, limit: 20 }), 0)).toEqual({ total: 0, page: 1, limit: 20, totalPages: 1 });
    expect(pageMeta(perPagePage({ page: 1, perPage: 20 }), 41)).toEqual({ total: 41, page: 1, perPage: 20 });
  });

  it("skips the count when a first page is not full, counts otherwise", async () => {
    let counted = 0;
    const total = async () => {
      counted += 1;
      return 99;
    };
    const short = await paginate(limitPage({ page: 1, limit: 5 }), { rows: async () => [1, 2, 3], total });
    expect(short.meta).toEqual({ total: 3, page: 1, limit: 5, totalPages: 1 });
    expect(counted).toBe(0);
    const full = await paginate(limitPage({ page: 1, limit: 3 }), { rows: async (limit, offset) => [offset, limit, 0], total, map: (r) => r.map(String) });
    expect(full).toEqual({ data: ["0", "3", "0"], meta: { total: 99, page: 1, limit: 3, totalPages: 33 } });
    const later = await paginate(perPagePage({ page: 4, perPage: 2 }), { rows: async (limit, offset) => [offset, limit], total });
    expect(later).toEqual({ data: [6, 2], meta: { total: 99, page: 4, perPage: 2 } });
    expect(counted).toBe(2);
  });

  it("names counter keys as the triggers write them", () => {
    expect(totalKeys("activity_logs")).toEqual(["activity_logs"]);
    expect(totalKeys("courses", ["PUBLISHED"])).toEqual(["courses:PUBLISHED"]);
    expect(totalKeys("memberships", ["ADMIN", "LEARNER"], ["ACTIVE"])).toEqual(["memberships:ADMIN:ACTIVE", "memberships:LEARNER:ACTIVE"]);
  });
});
