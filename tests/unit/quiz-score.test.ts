import { describe, expect, it } from "vitest";
import { scorePercentage } from "../../server/services/enrollments/scoring";

describe("scorePercentage (the one quiz score percentage)", () => {
  it("rounds to the nearest: 2/3 is 67 %, 1/3 is 33 %, 3/5 is 60 %", () => {
    expect(scorePercentage(2, 3)).toBe(67);
    expect(scorePercentage(1, 3)).toBe(33);
    expect(scorePercentage(3, 5)).toBe(60);
    expect(scorePercentage(1, 8)).toBe(13);
  });

  it("gives 100 for full marks only and 0 for no marks only", () => {
    expect(scorePercentage(5, 5)).toBe(100);
    expect(scorePercentage(199, 200)).toBe(99);
    expect(scorePercentage(0, 5)).toBe(0);
    expect(scorePercentage(1, 300)).toBe(1);
  });

  it("counts a quiz with nothing to score as 100", () => {
    expect(scorePercentage(0, 0)).toBe(100);
  });
});
