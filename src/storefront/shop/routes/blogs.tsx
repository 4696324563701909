import { data, Form, Link } from "react-router";
import type { PostCard, PostList } from "../../../shared/contracts/blog.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import shopStyles from "../../styles/shop.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formatDate } from "../../ui/format.ts";
import { SearchIcon } from "../../ui/icons.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { BlogCover } from "../blog/blog-cover.tsx";
import { type BlogQuery, blogHref, postHref, readBlogQuery } from "../blog/blog-query.ts";
import type { Route } from "./+types/blogs";

// shop.css styles the empty state and pagination these pages share with the shop.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: pageStyles },
];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Blog | ${shopNameOf(matches)}` },
  {
    name: "description",
    content: "Style guides, bag care and stories from our Lahore workshop.",
  },
];

/** The public posts for the address's filters and page (6 a page), with the sidebar's categories and tags. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const query = readBlogQuery(url.searchParams);
  const answer = await context.get(apiContext).call("listPosts", {
    query: { page: query.page, search: query.search, category: query.category, tag: query.tag },
  });
  if (!answer.ok) throw data({ message: "The blog could not be loaded." }, { status: 502 });
  return { query, list: answer.data };
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const filtered = Boolean(query.search || query.category || query.tag);
  const none = list.meta.total === 0 && !filtered;

  return (
    <>
      <PageBanner title="Blog" />
      <div className="container blog-layout">
        <div className="blog-layout__main">
          {filtered && (
            <p className="blog-filter-note">
              Showing {list.meta.total} {list.meta.total === 1 ? "post" : "posts"}
              {query.search && <> for “{query.search}”</>}
              {query.category && <> in {query.category}</>}
              {query.tag && <> tagged {query.tag}</>}. <Link to="/blogs">Show all posts</Link>
            </p>
          )}
          {list.data.length > 0 ? (
            <div className="blog-grid">
              {list.data.map((post) => (
                <BlogCard key={post.slug} post={post} query={query} />
              ))}
            </div>
          ) : none ? (
            <div className="empty-state">
              <p className="empty-state__title">No posts yet</p>
              <p>We have not written anything yet. Have a look at what is in the shop.</p>
              <Link to="/shop" className="button">
                Shop Now
              </Link>
            </div>
          ) : (
            <div className="empty-state">
              <p className="empty-state__title">No posts found</p>
              <Link to="/blogs" className="button">
                Show all posts
              </Link>
            </div>
          )}
          <Pagination meta={list.meta} hrefFor={(page) => blogHref(query, { page })} />
        </div>
        <BlogSidebar query={query} list={list} />
      </div>
    </>
  );
}

function BlogCard({ post, query }: { post: PostCard; query: BlogQuery }) {
  return (
    <article className="blog-card" data-testid="blog-card">
      <Link to={postHref(post.slug)} tabIndex={-1} aria-hidden="true">
        <BlogCover post={post} className="blog-card__cover" />
      </Link>
      <div className="blog-card__body">
        <p className="blog-card__meta">
          {post.category && (
            <>
              <Link to={blogHref(query, { category: post.category })}>{post.category}</Link>
              <span aria-hidden="true">·</span>
            </>
          )}
          <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
          <span aria-hidden="true">·</span>
          <span>{post.minutes} min read</span>
        </p>
        <h2 className="blog-card__title">
          <Link to={postHref(post.slug)}>{post.title}</Link>
        </h2>
        <p className="blog-card__excerpt">{post.excerpt}</p>
        <p className="blog-card__author">By {post.author}</p>
      </div>
    </article>
  );
}

function BlogSidebar({ query, list }: { query: BlogQuery; list: PostList }) {
  const all = list.categories.reduce((sum, category) => sum + category.count, 0);
  return (
    <aside className="blog-sidebar" aria-label="Blog filters">
      <section className="blog-widget">
        <h2 className="blog-widget__title">Search</h2>
        <Form method="get" action="/blogs" className="search-box" role="search">
          {query.category && <input type="hidden" name="category" value={query.category} />}
          {query.tag && <input type="hidden" name="tag" value={query.tag} />}
          <label className="visually-hidden" htmlFor="blog-search">
            Search posts
          </label>
          <input
            id="blog-search"
            type="search"
            name="search"
            placeholder="Search posts"
            maxLength={100}
            defaultValue={query.search}
            key={query.search}
          />
          <button type="submit" aria-label="Search">
            <SearchIcon size={18} />
          </button>
        </Form>
      </section>
      {list.categories.length > 0 && (
        <section className="blog-widget">
          <h2 className="blog-widget__title">Categories</h2>
          <ul className="blog-categories">
            <li>
              <Link
                to={blogHref(query, { category: "" })}
                aria-current={query.category === "" ? "true" : undefined}
              >
                All <span>{all}</span>
              </Link>
            </li>
            {list.categories.map((category) => (
              <li key={category.name}>
                <Link
                  to={blogHref(query, { category: category.name })}
                  aria-current={query.category === category.name ? "true" : undefined}
                >
                  {category.name} <span>{category.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.tags.length > 0 && (
        <section className="blog-widget">
          <h2 className="blog-widget__title">Tags</h2>
          <ul className="tag-cloud">
            <li>
              <Link to={blogHref(query, { tag: "" })} aria-current={query.tag === "" ? "true" : undefined}>
                All
              </Link>
            </li>
            {list.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={blogHref(query, { tag })}
                  aria-current={query.tag.toLowerCase() === tag ? "true" : undefined}
                >
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
