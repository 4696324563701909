import { Form, Link, useSearchParams } from "react-router";
import { atShopTime } from "../../../shared/shop-time.ts";
import pageStyles from "../../styles/pages.css?url";
import shopStyles from "../../styles/shop.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formatDate } from "../../ui/format.ts";
import { SearchIcon } from "../../ui/icons.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { shopNameOf } from "../../ui/site.ts";
import {
  BLOG_CATEGORIES,
  BLOG_POSTS,
  BLOG_TAGS,
  type BlogPost,
  type BlogQuery,
  blogHref,
  blogPage,
  readBlogQuery,
} from "../content/blog-posts.ts";
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

export default function Blogs() {
  const [params] = useSearchParams();
  const query = readBlogQuery(params);
  const { posts, meta } = blogPage(query);
  const filtered = Boolean(query.search || query.category || query.tag);

  return (
    <>
      <PageBanner title="Blog" />
      <div className="container blog-layout">
        <div className="blog-layout__main">
          {filtered && (
            <p className="blog-filter-note">
              Showing {meta.total} {meta.total === 1 ? "post" : "posts"}
              {query.search && <> for “{query.search}”</>}
              {query.category && <> in {query.category}</>}
              {query.tag && <> tagged {query.tag}</>}. <Link to="/blogs">Show all posts</Link>
            </p>
          )}
          {posts.length > 0 ? (
            <div className="blog-grid">
              {posts.map((post) => (
                <BlogCard key={post.slug} post={post} query={query} />
              ))}
            </div>
          ) : (
            <div className="empty-state">
              <p className="empty-state__title">No posts found</p>
              <Link to="/blogs" className="button">
                Show all posts
              </Link>
            </div>
          )}
          <Pagination meta={meta} hrefFor={(page) => blogHref(query, { page })} />
        </div>
        <BlogSidebar query={query} />
      </div>
    </>
  );
}

function BlogCard({ post, query }: { post: BlogPost; query: BlogQuery }) {
  return (
    <article className="blog-card" data-testid="blog-card">
      <div className={`blog-card__cover blog-card__cover--${post.tone}`} aria-hidden="true">
        <span>{post.category}</span>
      </div>
      <div className="blog-card__body">
        <p className="blog-card__meta">
          <Link to={blogHref(query, { category: post.category })}>{post.category}</Link>
          <span aria-hidden="true">·</span>
          <time dateTime={post.date}>{formatDate(atShopTime(post.date, "12:00"))}</time>
          <span aria-hidden="true">·</span>
          <span>{post.minutes} min read</span>
        </p>
        <h2 className="blog-card__title">{post.title}</h2>
        <p className="blog-card__excerpt">{post.excerpt}</p>
        <details className="blog-card__more">
          <summary>Read more</summary>
          {post.body.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
          <p className="blog-card__author">By {post.author}</p>
        </details>
      </div>
    </article>
  );
}

function BlogSidebar({ query }: { query: BlogQuery }) {
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
            defaultValue={query.search}
            key={query.search}
          />
          <button type="submit" aria-label="Search">
            <SearchIcon size={18} />
          </button>
        </Form>
      </section>
      <section className="blog-widget">
        <h2 className="blog-widget__title">Categories</h2>
        <ul className="blog-categories">
          <li>
            <Link
              to={blogHref(query, { category: "" })}
              aria-current={query.category === "" ? "true" : undefined}
            >
              All <span>{BLOG_POSTS.length}</span>
            </Link>
          </li>
          {BLOG_CATEGORIES.map((category) => (
            <li key={category}>
              <Link
                to={blogHref(query, { category })}
                aria-current={query.category === category ? "true" : undefined}
              >
                {category} <span>{BLOG_POSTS.filter((post) => post.category === category).length}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="blog-widget">
        <h2 className="blog-widget__title">Tags</h2>
        <ul className="tag-cloud">
          <li>
            <Link to={blogHref(query, { tag: "" })} aria-current={query.tag === "" ? "true" : undefined}>
              All
            </Link>
          </li>
          {BLOG_TAGS.map((tag) => (
            <li key={tag}>
              <Link to={blogHref(query, { tag })} aria-current={query.tag === tag ? "true" : undefined}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
