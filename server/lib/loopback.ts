import { isIPv4 } from "node:net";

/**
 * True for an address of the loopback interface: 127.0.0.0/8, ::1, and their IPv4-mapped IPv6
 * forms (::ffff:127.x.y.z). A null address (unknown peer) is not loopback.
 */
export function isLoopbackAddress(ip: string | null | undefined): boolean {
  if (!ip) return false;
  const v = ip.trim().toLowerCase();
  if (v === "::1" || v === "0:0:0:0:0:0:0:1") return true;
  const v4 = v.startsWith("::ffff:") ? v.slice("::ffff:".length) : v;
  return isIPv4(v4) && v4.startsWith("127.");
}
