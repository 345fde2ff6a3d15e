import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its wasm and extension bundles from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
