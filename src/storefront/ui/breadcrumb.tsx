import { Link } from "react-router";

/** The trail Home > current page. */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb">
        <li>
          <Link to="/">Home</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/** The page banner: the page's heading above its breadcrumb. */
export function PageBanner({ title }: { title: string }) {
  return (
    <div className="page-banner">
      <div className="container">
        <h1 className="page-banner__title">{title}</h1>
        <Breadcrumb current={title} />
      </div>
    </div>
  );
}
