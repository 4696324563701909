import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  build: { target: "es2022" },
  // The server bundle's entry is the whole HTTP host (API + storefront), so both share one module graph.
  environments: { ssr: { build: { rollupOptions: { input: "./src/server/app.ts" } } } },
  plugins: [reactRouter()],
});
