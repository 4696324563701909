import { data } from "react-router";
import type { ContentPage, PageSlug } from "../../../shared/contracts/shop-details.ts";
import type { ApiClient } from "../../lib/api.server.ts";

/** The content pages a page shows (its own, then its sections), as the shop last saved them (decision 0066). */
export async function contentPages(api: ApiClient, slugs: readonly PageSlug[]): Promise<ContentPage[]> {
  const answers = await Promise.all(slugs.map((slug) => api.call("getContentPage", { params: { slug } })));
  return answers.map((answer) => {
    if (answer.ok) return answer.data;
    throw data({ message: "This page could not be loaded. Please try again." }, { status: 503 });
  });
}
