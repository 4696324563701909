import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { routeConfig } from "./page-table.ts";

// Every page is declared once, in page-table.ts (its address, module, layout, and how caches and crawlers treat it).
export default routeConfig({ index, route, layout }) satisfies RouteConfig;
