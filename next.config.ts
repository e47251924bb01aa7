import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database ships wasm files that must stay on the server.
  serverExternalPackages: ["@electric-sql/pglite", "argon2", "postgres"],
  poweredByHeader: false,
  typedRoutes: false,
  // Every answer of Next (pages, assets, next-auth). Pages also get a nonce-based CSP from proxy.ts;
  // the values match server/lib/page-security.ts (kept literal here: the config is loaded on its own).
  async headers() {
    const production = process.env.NODE_ENV === "production";
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          {
            key: "Permissions-Policy",
            value: "camera=(self), microphone=(self), display-capture=(self), geolocation=(self), payment=(), usb=(), serial=(), bluetooth=(), midi=(), accelerometer=(), gyroscope=(), magnetometer=()",
          },
          ...(production ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
        ],
      },
    ];
  },
};

export default nextConfig;
