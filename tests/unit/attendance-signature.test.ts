import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../server/errors";
import {
  assertSignatureLongEnough,
  countOpaquePixels,
  countStrokePoints,
  decodePngDataUrl,
} from "../../server/services/attendance/lib/signature";

/** A transparent PNG with `opaque` black pixels drawn along the first rows. */
function pngWith(opaque: number, width = 40, height = 20, opts: { colorType?: 0 | 2 | 6 } = {}): Buffer {
  const png = new PNG({ width, height, colorType: opts.colorType ?? 6 });
  png.data.fill(0);
  for (let i = 0; i < opaque; i++) png.data[i * 4 + 3] = 255;
  return PNG.sync.write(png, { colorType: opts.colorType ?? 6 });
}
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
const line = (n: number, y = 0) => Array.from({ length: n }, (_, i) => ({ x: i, y }));

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  return undefined;
}

describe("countStrokePoints", () => {
  it("counts points across strokes, consecutive duplicates once", () => {
    expect(countStrokePoints([line(10), line(25, 5)])).toBe(35);
    expect(countStrokePoints([[{ x: 1, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 1 }, { x: 2, y: 1 }, { x: 1, y: 1 }]])).toBe(3);
    expect(countStrokePoints([])).toBe(0);
    expect(countStrokePoints([[{ x: 0.5, y: -3.25 }]])).toBe(1);
  });

  it("rejects malformed or oversized strokes with 400", () => {
    for (const bad of [null, "x", {}, [{}], [[{ x: 1 }]], [[{ x: "1", y: 2 }]], [[{ x: Number.NaN, y: 1 }]], [[{ x: Infinity, y: 1 }]], [[null]], [[{ x: 1e9, y: 0 }]]]) {
      expect(codeOf(() => countStrokePoints(bad))).toBe("BAD_REQUEST");
    }
    expect(codeOf(() => countStrokePoints(Array.from({ length: 501 }, () => line(1))))).toBe("BAD_REQUEST");
    expect(codeOf(() => countStrokePoints([line(11)], { maxPointsPerStroke: 10 }))).toBe("BAD_REQUEST");
    expect(codeOf(() => countStrokePoints([line(6), line(6)], { maxTotalPoints: 10 }))).toBe("BAD_REQUEST");
  });
});

describe("PNG decoding and pixel counting", () => {
  it("counts non-transparent pixels of a generated PNG", () => {
    expect(countOpaquePixels(decodePngDataUrl(dataUrl(pngWith(45))))).toEqual({ opaque: 45, total: 800 });
    expect(countOpaquePixels(pngWith(0))).toEqual({ opaque: 0, total: 800 });
  });

  it("counts semi-transparent pixels as drawn", () => {
    const png = new PNG({ width: 4, height: 4 });
    png.data.fill(0);
    png.data[3] = 1;
    png.data[7] = 128;
    expect(countOpaquePixels(PNG.sync.write(png)).opaque).toBe(2);
  });

  it("rejects non-PNG, malformed and oversized input with 400", () => {
    const ok = pngWith(40);
    const cases: unknown[] = [
      undefined,
      42,
      "hello",
      `data:image/jpeg;base64,${ok.toString("base64")}`,
      "data:image/png;base64,",
      "data:image/png;base64,@@@@",
      `data:image/png;base64,${Buffer.from("GIF89a not a png at all, padding padding").toString("base64")}`,
      dataUrl(Buffer.concat([ok.subarray(0, 8), Buffer.alloc(40)])),
    ];
    for (const c of cases) expect(codeOf(() => decodePngDataUrl(c))).toBe("BAD_REQUEST");
    expect(codeOf(() => decodePngDataUrl(dataUrl(ok), { maxPngBytes: 50 }))).toBe("BAD_REQUEST");
    expect(codeOf(() => decodePngDataUrl(dataUrl(pngWith(40, 100, 10)), { maxWidth: 99 }))).toBe("BAD_REQUEST");
    // Valid header but corrupt image data: refused when decoding.
    const corrupt = Buffer.from(ok);
    corrupt.fill(0x42, 40, corrupt.length - 12);
    expect(codeOf(() => countOpaquePixels(decodePngDataUrl(dataUrl(corrupt))))).toBe("BAD_REQUEST");
  });

  it("refuses large dimensions from the header before inflating, and huge strings before decoding", () => {
    expect(codeOf(() => decodePngDataUrl(dataUrl(pngWith(40, 2049, 2))))).toBe("BAD_REQUEST");
    expect(decodePngDataUrl(dataUrl(pngWith(40, 2048, 2))).length).toBeGreaterThan(0);
    expect(codeOf(() => decodePngDataUrl(`data:image/png;base64,${"A".repeat(3000)}`, { maxPngBytes: 1000 }))).toBe("BAD_REQUEST");
  });

  it("returns the decoded bytes", () => {
    const png = pngWith(31);
    expect(decodePngDataUrl(dataUrl(png)).equals(png)).toBe(true);
  });
});

describe("assertSignatureLongEnough", () => {
  it("accepts a PNG with more than 30 drawn pixels, refuses one with fewer (422)", () => {
    const okPng = pngWith(31);
    const result = assertSignatureLongEnough({ signatureBase64: dataUrl(okPng) });
    expect(result).toMatchObject({ points: 31, source: "pixels" });
    expect(result.png?.equals(okPng)).toBe(true);
    try {
      assertSignatureLongEnough({ signatureBase64: dataUrl(pngWith(29)) });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).code).toBe("UNPROCESSABLE");
      expect((e as DomainError).message).toBe("Signature too short or empty");
    }
    expect(codeOf(() => assertSignatureLongEnough({ signatureBase64: dataUrl(pngWith(0)) }))).toBe("UNPROCESSABLE");
  });

  it("uses strokes when given, and still validates the image", () => {
    const png = dataUrl(pngWith(0));
    expect(assertSignatureLongEnough({ strokes: [line(20), line(10, 3)], signatureBase64: png })).toMatchObject({ points: 30, source: "strokes" });
    expect(codeOf(() => assertSignatureLongEnough({ strokes: [line(29)], signatureBase64: dataUrl(pngWith(500)) }))).toBe("UNPROCESSABLE");
    expect(codeOf(() => assertSignatureLongEnough({ strokes: [], signatureBase64: png }))).toBe("UNPROCESSABLE");
    expect(codeOf(() => assertSignatureLongEnough({ strokes: [line(40)], signatureBase64: "data:image/png;base64,AAAA" }))).toBe("BAD_REQUEST");
    expect(assertSignatureLongEnough({ strokes: [line(40)] })).toEqual({ points: 40, source: "strokes", png: null });
  });

  it("honours the threshold parameter and refuses an empty body", () => {
    expect(assertSignatureLongEnough({ strokes: [line(5)] }, { minPoints: 5 }).points).toBe(5);
    expect(codeOf(() => assertSignatureLongEnough({}))).toBe("UNPROCESSABLE");
    expect(codeOf(() => assertSignatureLongEnough({ signatureBase64: "" }))).toBe("UNPROCESSABLE");
  });

  it("refuses a PNG without any transparency (400)", () => {
    expect(codeOf(() => assertSignatureLongEnough({ signatureBase64: dataUrl(pngWith(0, 10, 10, { colorType: 2 })) }))).toBe("BAD_REQUEST");
    const allOpaque = pngWith(100, 10, 10);
    expect(codeOf(() => assertSignatureLongEnough({ signatureBase64: dataUrl(allOpaque) }))).toBe("BAD_REQUEST");
  });
});
