import { data, Link } from "react-router";
import { adminMeta } from "../admin-meta.ts";
import type { Route } from "./+types/not-found";

/** A back-office address no screen claims: a 404 inside the back office, behind the same guard as every screen. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => adminMeta("Page not found");

export default function AdminNotFound() {
  return (
    <section className="admin-page" aria-labelledby="admin-not-found-title">
      <h1 className="admin-page__title" id="admin-not-found-title">
        Page not found
      </h1>
      <p>There is no back-office page at this address.</p>
      <p>
        <Link className="button" to="/admin">
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
}
