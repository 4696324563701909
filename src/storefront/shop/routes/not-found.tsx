import { data } from "react-router";
import { NotFoundContent } from "../../ui/not-found-content.tsx";
import { shopNameOf } from "../../ui/site.ts";
import type { Route } from "./+types/not-found";

/** Any path no other route claims: the not-found page, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Page not found | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundContent />;
}
