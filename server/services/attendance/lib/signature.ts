import { PNG } from "pngjs";
import { badRequest, DomainError } from "../../../errors";

/**
 * Canvas signature checks (conventions §7; spec Limits: at least 30 drawn points).
 *
 * With `strokes`: the points drawn are counted, consecutive duplicates within a stroke (a pen
 * resting still) counting once. Without `strokes`: the non-transparent pixels (alpha > 0) of the
 * PNG data URL are counted. The PNG is decoded with pngjs after cheap checks (data-URL prefix,
 * encoded size, PNG magic, IHDR dimensions) so a decompression bomb is refused before inflating.
 * A PNG with no transparent pixel at all (a flat background) is refused with 400: the spec asks
 * for a transparent PNG, and counting an opaque image would accept a blank white rectangle.
 */
const MIN_SIGNATURE_POINTS = 30;

export type SignatureLimits = {
  maxStrokes: number;
  maxPointsPerStroke: number;
  maxTotalPoints: number;
  /** |x| and |y| at most this (canvas pixels). */
  maxCoordinate: number;
  /** Largest decoded PNG file, bytes. */
  maxPngBytes: number;
  maxWidth: number;
  maxHeight: number;
};

const DEFAULT_SIGNATURE_LIMITS: SignatureLimits = {
  maxStrokes: 500,
  maxPointsPerStroke: 10_000,
  maxTotalPoints: 50_000,
  maxCoordinate: 100_000,
  maxPngBytes: 2 * 1024 * 1024,
  maxWidth: 2048,
  maxHeight: 2048,
};

type StrokePoint = { x: number; y: number };

const field = (name: string, message: string) => badRequest(message, { [name]: [message] });

/** Validate `strokes` (unknown input) and count its drawn points. Throws 400 on malformed input. */
export function countStrokePoints(strokes: unknown, limits: Partial<SignatureLimits> = {}): number {
  const l = { ...DEFAULT_SIGNATURE_LIMITS, ...limits };
  if (!Array.isArray(strokes)) throw field("strokes", "Strokes must be an array of arrays of {x, y}");
  if (strokes.length > l.maxStrokes) throw field("strokes", `At most ${l.maxStrokes} strokes`);
  let total = 0;
  let counted = 0;
  strokes.forEach((stroke: unknown, i) => {
    if (!Array.isArray(stroke)) throw field(`strokes.${i}`, "Each stroke must be an array of {x, y}");
    if (stroke.length > l.maxPointsPerStroke) throw field(`strokes.${i}`, `At most ${l.maxPointsPerStroke} points per stroke`);
    total += stroke.length;
    if (total > l.maxTotalPoints) throw field("strokes", `At most ${l.maxTotalPoints} points in total`);
    let prev: StrokePoint | undefined;
    stroke.forEach((p: unknown, j) => {
      if (!p || typeof p !== "object") throw field(`strokes.${i}.${j}`, "Each point must be {x, y}");
      const { x, y } = p as Record<string, unknown>;
      if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) {
        throw field(`strokes.${i}.${j}`, "x and y must be finite numbers");
      }
      if (Math.abs(x) > l.maxCoordinate || Math.abs(y) > l.maxCoordinate) {
        throw field(`strokes.${i}.${j}`, `x and y must be within ±${l.maxCoordinate}`);
      }
      if (!prev || prev.x !== x || prev.y !== y) counted += 1;
      prev = { x, y };
    });
  });
  return counted;
}

const DATA_URL_PREFIX = "data:image/png;base64,";
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * `data:image/png;base64,...` -> PNG bytes. 400 when not a PNG data URL, not base64, larger than
 * `maxPngBytes`, not starting with the PNG signature and IHDR, or wider/taller than allowed.
 */
export function decodePngDataUrl(dataUrl: unknown, limits: Partial<SignatureLimits> = {}): Buffer {
  const l = { ...DEFAULT_SIGNATURE_LIMITS, ...limits };
  const name = "signatureBase64";
  if (typeof dataUrl !== "string" || dataUrl.slice(0, DATA_URL_PREFIX.length).toLowerCase() !== DATA_URL_PREFIX) {
    throw field(name, "Signature must be a data URL of a PNG image (data:image/png;base64,...)");
  }
  // Cheap bound on the raw string (base64 is 4/3 of the bytes; generous room for line breaks).
  if (dataUrl.length > DATA_URL_PREFIX.length + 2 * l.maxPngBytes + 1024) {
    throw field(name, `Signature image larger than ${l.maxPngBytes} bytes`);
  }
  const b64 = dataUrl.slice(DATA_URL_PREFIX.length).replace(/\s+/g, "");
  // Refuse on the encoded length before allocating the decoded buffer.
  if (Math.floor((b64.length * 3) / 4) > l.maxPngBytes + 2) throw field(name, `Signature image larger than ${l.maxPngBytes} bytes`);
  if (b64.length === 0 || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) {
    throw field(name, "Signature is not valid base64");
  }
  const bytes = Buffer.from(b64, "base64");
  if (bytes.length > l.maxPngBytes) throw field(name, `Signature image larger than ${l.maxPngBytes} bytes`);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.toString("ascii", 12, 16) !== "IHDR") {
    throw field(name, "Signature is not a PNG image");
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width === 0 || height === 0 || width > l.maxWidth || height > l.maxHeight) {
    throw field(name, `Signature image must be at most ${l.maxWidth}x${l.maxHeight} pixels`);
  }
  return bytes;
}

/** Non-transparent (alpha > 0) pixels of a PNG, plus the total pixel count. 400 if undecodable. */
export function countOpaquePixels(png: Buffer): { opaque: number; total: number } {
  let image: PNG;
  try {
    image = PNG.sync.read(png);
  } catch {
    throw field("signatureBase64", "Signature is not a valid PNG image");
  }
  const data = image.data; // RGBA, 8 bits per channel after pngjs normalisation
  let opaque = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) opaque += 1;
  return { opaque, total: image.width * image.height };
}

export type SignatureInput = { strokes?: unknown; signatureBase64?: unknown };
export type SignatureCheck = {
  points: number;
  source: "strokes" | "pixels";
  /** Decoded PNG bytes (to encrypt and store) when signatureBase64 was given. */
  png: Buffer | null;
};

/**
 * Validate a canvas signature and count it: strokes when present (non-null), else PNG pixels.
 * A given signatureBase64 is always validated as a PNG (it is what gets stored).
 * Throws 400 (badRequest) on malformed input and 422 "Signature too short or empty" below
 * `minPoints` (or when nothing was given).
 */
export function assertSignatureLongEnough(
  input: SignatureInput,
  opts: { minPoints?: number; limits?: Partial<SignatureLimits> } = {},
): SignatureCheck {
  const minPoints = opts.minPoints ?? MIN_SIGNATURE_POINTS;
  const hasPng = input.signatureBase64 !== undefined && input.signatureBase64 !== null && input.signatureBase64 !== "";
  const png = hasPng ? decodePngDataUrl(input.signatureBase64, opts.limits) : null;
  let points: number;
  let source: SignatureCheck["source"];
  if (input.strokes !== undefined && input.strokes !== null) {
    points = countStrokePoints(input.strokes, opts.limits);
    source = "strokes";
    if (png) countOpaquePixels(png); // still refuse an undecodable image
  } else if (png) {
    const { opaque, total } = countOpaquePixels(png);
    if (opaque === total) throw field("signatureBase64", "Signature must be a PNG with a transparent background");
    points = opaque;
    source = "pixels";
  } else {
    points = 0;
    source = "pixels";
  }
  if (points < minPoints) {
    throw new DomainError("UNPROCESSABLE", "Signature too short or empty", { fields: { signatureBase64: [`At least ${minPoints} drawn points (got ${points})`] }, reason: "SIGNATURE_TOO_SHORT" });
  }
  return { points, source, png };
}
