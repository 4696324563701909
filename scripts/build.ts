// `npm run build`: the production build, stamped so that `npm start` knows it is up to date (build-stamp.ts).
import path from "node:path";
import { buildStorefront } from "./build-stamp.ts";

process.exit(buildStorefront(path.resolve(import.meta.dirname, ".."), "full"));
