import type { NextConfig } from "next";

const config: NextConfig = {
  // Server-only packages with native or dynamic requires stay out of the bundle.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "bullmq", "ioredis", "dockerode"],
  poweredByHeader: false,
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: true },
};

export default config;
