import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageBanner } from "../../ui/breadcrumb.tsx";

/** The frame of the newsletter's pages (sign-up outcome, confirmation, unsubscribe): one card under the banner. */
export function NewsletterCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageBanner title="Newsletter" />
      <div className="container form-page form-page--narrow">
        <section className="auth-card" aria-labelledby="newsletter-title">
          <h2 id="newsletter-title" className="auth-card__title">
            {title}
          </h2>
          {children}
          <p className="auth-card__switch">
            <Link to="/shop">Continue shopping</Link>
          </p>
        </section>
      </div>
    </>
  );
}
