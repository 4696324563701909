import { SHOP_NAME } from "../ui/site.ts";

/** A back-office page's <title> and robots rule: never indexed, never followed. */
export function adminMeta(title?: string) {
  return [
    { title: `${title ? `${title} | ` : ""}Back office | ${SHOP_NAME}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
