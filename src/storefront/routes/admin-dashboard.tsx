import { adminMeta } from "../admin/admin-meta.ts";
import { adminSessionContext } from "../admin/admin-session.server.ts";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export function loader({ context }: Route.LoaderArgs) {
  return context.get(adminSessionContext);
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page" aria-labelledby="admin-dashboard-title">
      <h1 className="admin-page__title" id="admin-dashboard-title">
        Dashboard
      </h1>
      <p>Welcome, {loaderData.user.first_name}.</p>
    </section>
  );
}
