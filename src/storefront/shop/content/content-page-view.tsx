import type { ContentPage } from "../../../shared/contracts/shop-details.ts";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { RichText } from "../../ui/rich-text.tsx";

/**
 * The terms and privacy pages (the spec shows only their breadcrumb): the page's text as the shop edited it, then
 * its sections (delivery on the terms; returns and FAQs on the privacy page, where the footer's Return and FAQs
 * links point), each under its own heading with an id to link to.
 */
export function ContentPageView({ pages }: { pages: ContentPage[] }) {
  const [page, ...sections] = pages;
  if (!page) return null;
  return (
    <>
      <PageBanner title={page.title} />
      <div className="container prose-page">
        <RichText html={page.body_html} />
        {sections.map((section) => (
          <section
            key={section.slug}
            id={section.slug}
            className="content-section"
            aria-labelledby={`${section.slug}-title`}
          >
            <h2 id={`${section.slug}-title`} className="content-section__title">
              {section.title}
            </h2>
            <RichText html={section.body_html} />
          </section>
        ))}
      </div>
    </>
  );
}

/** A content page's meta: its search title and description, or its title; the shop's name after it. */
export function contentPageMeta(page: ContentPage | undefined, shopName: string, fallbackTitle: string) {
  const title = page ? page.seo_title || page.title : fallbackTitle;
  return [
    { title: `${title} | ${shopName}` },
    ...(page?.seo_description ? [{ name: "description", content: page.seo_description }] : []),
  ];
}
