import type { PostCard } from "../../../shared/contracts/blog.ts";

/** A post's cover photo, or a plain panel naming its category when it has none. */
export function BlogCover({
  post,
  className,
}: {
  post: Pick<PostCard, "cover_image" | "category">;
  className: string;
}) {
  return post.cover_image ? (
    <img
      className={`${className} ${className}--photo`}
      src={post.cover_image}
      alt=""
      width={1600}
      height={600}
    />
  ) : (
    <div className={className} aria-hidden="true">
      {post.category && <span>{post.category}</span>}
    </div>
  );
}
