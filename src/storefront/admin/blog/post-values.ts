import type { AdminPost, PostState } from "../../../shared/contracts/blog.ts";
import { shopLocalInput } from "../../../shared/shop-time.ts";
import { formFields } from "../../ui/forms/api-errors.ts";

/** The post form's text fields, as typed (the cover is a file, read apart). */
export const POST_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "body_html",
  "category",
  "tags",
  "author",
  "status",
  "publish_at",
] as const;
export type PostFormValues = Record<(typeof POST_FIELDS)[number], string>;

export const postFormValues = (form: FormData): PostFormValues => formFields(form, POST_FIELDS);

/** A refused post form, back with what was typed and each field's error. */
export interface PostFailure {
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: PostFormValues;
}

export const EMPTY_POST: PostFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  body_html: "",
  category: "",
  tags: "",
  author: "",
  status: "draft",
  publish_at: "",
};

/** A saved post as its form shows it: times in the shop's local time, tags as one line. */
export function postFormValuesOf(post: AdminPost): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body_html: post.body_html,
    category: post.category,
    tags: post.tags.join(", "),
    author: post.author,
    status: post.status,
    publish_at: shopLocalInput(post.publish_at),
  };
}

/** A file input left empty sends an empty, nameless file: no new picture. */
function coverOf(form: FormData): File | undefined {
  const cover = form.get("cover");
  return cover instanceof File && cover.size > 0 ? cover : undefined;
}

/** The API's multipart body from the form: every field as typed, the cover when one was chosen. */
export function postBody(form: FormData) {
  const values = postFormValues(form);
  return {
    ...values,
    status: values.status === "published" ? ("published" as const) : ("draft" as const),
    cover: coverOf(form),
    remove_cover: form.get("remove_cover") === "on" ? "on" : undefined,
  };
}

export const POST_STATE_NAMES: Record<PostState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

export const POST_STATE_BADGES: Record<PostState, string> = {
  draft: "admin-badge",
  scheduled: "admin-badge admin-badge--info",
  published: "admin-badge admin-badge--success",
};
