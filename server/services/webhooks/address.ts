import { isIP, isIPv4, isIPv6 } from "node:net";

/**
 * Which IP addresses a webhook may reach (issue #9 item 2, conventions §8): public unicast only.
 * Refused: unspecified, loopback (127/8, ::1), private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * carrier-grade NAT (100.64/10), link-local (169.254/16 with the cloud metadata address
 * 169.254.169.254, fe80::/10), multicast (224/4, ff00::/8), reserved and documentation ranges,
 * and the IPv6 forms that embed an IPv4 address (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) when the embedded address is itself refused.
 */
export type AddressKind = "public" | "loopback" | "private" | "link-local" | "unspecified" | "multicast" | "reserved" | "invalid";

const V4_RANGES: [string, number, AddressKind][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function v4ToInt(ip: string): number {
  return ip.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

function classifyV4(ip: string): AddressKind {
  const n = v4ToInt(ip);
  for (const [base, bits, kind] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    if (n >= start && n < start + size) return kind;
  }
  return "public";
}

/** The 8 groups of an IPv6 address (with a trailing dotted IPv4 allowed), or null. */
function ipv6Groups(ip: string): number[] | null {
  let s = ip.toLowerCase();
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const lastColon = s.lastIndexOf(":");
  const maybeV4 = s.slice(lastColon + 1);
  if (maybeV4.includes(".")) {
    // A trailing dotted IPv4 address is the last two groups.
    if (!isIPv4(maybeV4)) return null;
    const n = v4ToInt(maybeV4);
    s = `${s.slice(0, lastColon + 1)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parse = (h: string) => (h === "" ? [] : h.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const explicit = head.length + rest.length;
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1 && explicit !== 8) return null;
  if (halves.length === 2 && explicit > 7) return null;
  const zeros = new Array<number>(8 - explicit).fill(0);
  return halves.length === 2 ? [...head, ...zeros, ...rest] : head;
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

function classifyV6(ip: string): AddressKind {
  const g = ipv6Groups(ip);
  if (!g) return "invalid";
  const zeroUpTo = (k: number) => g.slice(0, k).every((x) => x === 0);
  if (g.every((x) => x === 0)) return "unspecified";
  if (zeroUpTo(7) && g[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the embedded address decides.
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyV4(v4FromGroups(g[6]!, g[7]!));
  if (zeroUpTo(6)) return classifyV4(v4FromGroups(g[6]!, g[7]!));
  // NAT64 well-known prefix 64:ff9b::/96 and 6to4 2002::/16 embed an IPv4 address too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classifyV4(v4FromGroups(g[6]!, g[7]!));
  if (g[0] === 0x2002) {
    const kind = classifyV4(v4FromGroups(g[1]!, g[2]!));
    if (kind !== "public") return kind;
  }
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return "private";
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xffc0) === 0xfec0) return "private"; // deprecated site-local
  if ((first & 0xff00) === 0xff00) return "multicast";
  if (first === 0x2001 && g[1] === 0x0db8) return "reserved";
  if (first === 0x0100 && zeroUpTo(4)) return "reserved"; // discard-only 100::/64
  return "public";
}

/** What kind of address `ip` is (an IPv4 or IPv6 literal; anything else is "invalid"). */
export function classifyAddress(ip: string): AddressKind {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (isIPv4(bare)) return classifyV4(bare);
  if (isIPv6(bare) || isIP(bare.split("%")[0] ?? "") === 6) return classifyV6(bare);
  return "invalid";
}
