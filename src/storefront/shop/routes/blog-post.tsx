import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { POST_MESSAGES } from "../../../shared/contracts/blog.ts";
import { derivedExcerpt, sanitizePostBody } from "../../../shared/post-html.ts";
import { apiContext, siteContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { formatDate } from "../../ui/format.ts";
import { shopNameOf } from "../../ui/site.ts";
import { BlogCover } from "../blog/blog-cover.tsx";
import { blogHref, postHref } from "../blog/blog-query.ts";
import type { Route } from "./+types/blog-post";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

const NO_QUERY = { search: "", category: "", tag: "", page: 1 };

/**
 * One public post. A draft, a post whose time has not come, or an unknown address is a 404; the body is sanitised
 * again before it is rendered as HTML.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const answer = await context.get(apiContext).call("getPost", { params: { slug: params.slug } });
  if (answer.status === 404) throw data({ message: POST_MESSAGES.notFound }, { status: 404 });
  if (!answer.ok) throw data({ message: "The post could not be loaded." }, { status: 502 });
  const post = { ...answer.data, body_html: sanitizePostBody(answer.data.body_html) };
  return { post, origin: context.get(siteContext).publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  if (!loaderData) return [{ title: `Post not found | ${shopName}` }, { name: "robots", content: "noindex" }];
  const { post, origin } = loaderData;
  const url = `${origin}${postHref(post.slug)}`;
  const summary = post.excerpt || derivedExcerpt(post.body_html);
  const image = post.cover_image ? new URL(post.cover_image, origin).href : undefined;
  return [
    { title: `${post.title} | ${shopName}` },
    { name: "description", content: summary },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: post.title },
    { property: "og:description", content: summary },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "article:published_time", content: post.published_at },
    { property: "article:modified_time", content: post.updated_at },
    ...(post.category ? [{ property: "article:section", content: post.category }] : []),
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: post.title,
        description: summary,
        ...(image ? { image: [image] } : {}),
        datePublished: post.published_at,
        dateModified: post.updated_at,
        author: { "@type": "Person", name: post.author },
        publisher: { "@type": "Organization", name: shopName },
        mainEntityOfPage: url,
        ...(post.category ? { articleSection: post.category } : {}),
        ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
      },
    },
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="container blog-post">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/blogs">Blog</Link>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <header className="blog-post__head">
        <h1 className="blog-post__title">{post.title}</h1>
        <p className="blog-card__meta">
          {post.category && (
            <>
              <Link to={blogHref(NO_QUERY, { category: post.category })}>{post.category}</Link>
              <span aria-hidden="true">·</span>
            </>
          )}
          <span>By {post.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
          <span aria-hidden="true">·</span>
          <span>{post.minutes} min read</span>
        </p>
      </header>
      <BlogCover post={post} className="blog-post__cover" />
      {/* Sanitised by the API when saved and answered, and again by this page's loader. */}
      <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: post.body_html }} />
      {post.tags.length > 0 && (
        <ul className="tag-cloud" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link to={blogHref(NO_QUERY, { tag })}>{tag}</Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/blogs" className="button button--outline">
          All posts
        </Link>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="message-page container">
      <h1 className="message-page__title">
        {missing ? POST_MESSAGES.notFound : "The post could not be loaded"}
      </h1>
      <p>
        {missing
          ? "This post may have been taken down, or the link may be mistyped."
          : "Please try again in a moment."}
      </p>
      <Link to="/blogs" className="button">
        All posts
      </Link>
    </section>
  );
}
