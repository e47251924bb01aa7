import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database ships wasm files that must stay on the server.
  serverExternalPackages: ["@electric-sql/pglite", "argon2", "postgres"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
