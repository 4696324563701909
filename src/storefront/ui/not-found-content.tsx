import { Link } from "react-router";

/** The not-found message, for unknown paths and for 404s thrown by any route. */
export function NotFoundContent() {
  return (
    <section className="message-page container">
      <p className="message-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="message-page__title">Sorry, the page you are looking for does not exist</h1>
      <p>It may have moved, or the link may be mistyped.</p>
      <Link className="button" to="/">
        Back To Home
      </Link>
    </section>
  );
}
