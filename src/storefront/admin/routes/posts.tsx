import { Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { POST_STATE_BADGES, POST_STATE_NAMES } from "../blog/post-values.ts";
import { listPageHref } from "../list-links.ts";
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/posts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Blog posts");

export async function loader({ context, url }: Route.LoaderArgs) {
  const list = answerOrThrow(
    await context.get(apiContext).call("adminListPosts", { query: { page: pageParam(url) } }),
  );
  return {
    list,
    href: url.pathname + url.search,
    deleted: url.searchParams.get("done") === "deleted",
  };
}

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { list, deleted } = loaderData;
  const url = new URL(loaderData.href, "http://admin.invalid");
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Blog posts</h1>
        <Link to="/admin/posts/new" className="button button--small">
          Write a post
        </Link>
      </div>
      <p className="admin-page__lead">
        Posts show on the blog once they are published and their publish time (Pakistan time) has come; a
        scheduled post appears on its own at its time. Open a post to change or delete it.
      </p>
      {deleted && <FormAlert kind="success">The post was deleted.</FormAlert>}
      <section className="admin-card" aria-labelledby="posts-title">
        <h2 className="admin-card__title" id="posts-title">
          Posts ({list.meta.total.toLocaleString("en-US")})
        </h2>
        {list.data.length === 0 ? (
          <p className="admin-empty">No posts yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <caption className="visually-hidden">Posts, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Status</th>
                  <th scope="col">Publish time</th>
                  <th scope="col">Category</th>
                  <th scope="col">Author</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((post) => (
                  <tr key={post.id}>
                    <th scope="row" data-label="Title" className="admin-wrap">
                      <span>
                        <Link to={`/admin/posts/${post.id}`}>{post.title}</Link>
                        <span className="admin-sub">/blogs/{post.slug}</span>
                      </span>
                    </th>
                    <td data-label="Status">
                      <span className={POST_STATE_BADGES[post.state]}>{POST_STATE_NAMES[post.state]}</span>
                    </td>
                    <td data-label="Publish time">
                      {post.publish_at ? (
                        <time dateTime={post.publish_at}>{formatDateTime(post.publish_at)}</time>
                      ) : (
                        "Not set"
                      )}
                    </td>
                    <td data-label="Category" className="admin-wrap">
                      {post.category || "None"}
                    </td>
                    <td data-label="Author" className="admin-wrap">
                      {post.author}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination meta={list.meta} hrefFor={(page) => listPageHref(url, page)} />
      </section>
    </div>
  );
}
