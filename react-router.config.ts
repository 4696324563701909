import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/storefront",
  ssr: true,
} satisfies Config;
