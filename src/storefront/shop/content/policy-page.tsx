import { Link } from "react-router";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { CONTACT } from "../../ui/site.ts";

/**
 * The terms and privacy pages: the spec shows only their breadcrumb. Until the shop's lawyer-approved texts
 * are in, the page says where to ask rather than inventing legal wording.
 */
export function PolicyPage({ title, topic }: { title: string; topic: string }) {
  return (
    <>
      <PageBanner title={title} />
      <div className="container prose-page">
        <div className="notice-card">
          <p>
            Questions about {topic}? Write to <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or{" "}
            <Link to="/contact">contact us</Link> and we will answer within one working day.
          </p>
        </div>
      </div>
    </>
  );
}
