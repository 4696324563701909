import { z } from "zod";
import { IMAGE_UPLOAD_MAX_BYTES } from "../product-admin.ts";
import { pageMetaSchema } from "./catalogue.ts";
import { hasNul, optionalText, pageField, requiredText } from "./fields.ts";

/**
 * The blog (docs/decisions/0064-blog.md): posts with a title, cover photo, sanitised body, a category (a free
 * name), tags, an author and a publish time. Shoppers see a post when it is published and its time has come;
 * staff write them in the back office. Times are ISO with their zone, or the shop's local time as a
 * `datetime-local` field sends it; they are answered in UTC.
 */

export const POST_STATUSES = ["draft", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** Where a post stands now: a draft, published but waiting for its time, or public. */
export const POST_STATES = ["draft", "scheduled", "published"] as const;
export type PostState = (typeof POST_STATES)[number];

/** Posts on a page of the public blog (the spec's listing: 6 a page). */
export const POSTS_PER_PAGE = 6;
/** Posts on a page of the back office's list. */
export const ADMIN_POSTS_PER_PAGE = 25;
export const POST_TITLE_MAX = 150;
export const POST_SLUG_MAX = 120;
export const POST_EXCERPT_MAX = 300;
export const POST_BODY_MAX = 100_000;
export const POST_CATEGORY_MAX = 60;
export const POST_TAG_MAX = 30;
export const POST_TAGS_MAX = 10;
export const POST_AUTHOR_MAX = 80;
export const POST_SEARCH_MAX = 100;

export const POST_MESSAGES = {
  title: "Give the post a title.",
  body: "Write the post.",
  bodyEmpty: "The post has no text left once unsafe markup is removed. Write the post.",
  slug: "The address may hold only lower-case letters, digits and hyphens (for example eid-edit).",
  slugTaken: "Another post already has this address. Choose another.",
  status: "Choose draft or published.",
  time: "Enter a date and time (shop time, or ISO with its zone).",
  tags: `Give at most ${POST_TAGS_MAX} tags, each up to ${POST_TAG_MAX} characters.`,
  coverRequired: "Choose a picture.",
  coverType: "The cover must be a JPEG, PNG or WebP picture.",
  coverTooSmall: "The cover must be at least 200 x 200 pixels.",
  coverTooLarge: `The cover may be at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  notFound: "Post not found.",
  deleted: "The post was deleted.",
} as const;

/** A form's empty field is no value; a form's empty file input sends an empty, nameless file: no new picture. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      value === null ||
      (typeof value === "string" && value.trim() === "") ||
      (value instanceof File && value.size === 0 && value.name === "")
        ? undefined
        : value,
    schema.optional(),
  );

const slugField = z
  .string({ error: POST_MESSAGES.slug })
  .trim()
  .toLowerCase()
  .max(POST_SLUG_MAX, `The address may not be greater than ${POST_SLUG_MAX} characters.`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, POST_MESSAGES.slug)
  .describe("The post's address under /blogs/; blank: made from the title (and made unique).");

const timeField = z
  .string({ error: POST_MESSAGES.time })
  .trim()
  .max(40, POST_MESSAGES.time)
  .describe(
    "When the post goes public: ISO with its zone, or the shop's local time (UTC+5). Blank when published: now.",
  );

/** Tags as a list, or as one comma-separated text (a form's field): trimmed, lower case, each once. */
const tagsField = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(",") : value),
    z.array(
      z
        .string({ error: POST_MESSAGES.tags })
        .trim()
        .toLowerCase()
        .max(POST_TAG_MAX, POST_MESSAGES.tags)
        .refine((tag) => !hasNul(tag), POST_MESSAGES.tags),
    ),
  )
  .transform((tags) => [...new Set(tags.filter((tag) => tag !== "" && !tag.includes(",")))])
  .refine((tags) => tags.length <= POST_TAGS_MAX, POST_MESSAGES.tags)
  .describe(`Up to ${POST_TAGS_MAX} tags: a list, or one text separated by commas.`);

const coverField = z
  .file({ error: () => POST_MESSAGES.coverType })
  .min(1, POST_MESSAGES.coverRequired)
  .max(IMAGE_UPLOAD_MAX_BYTES, POST_MESSAGES.coverTooLarge)
  .describe(
    "A JPEG, PNG or WebP picture, at most 10 MB, at least 200 x 200 pixels (checked from its content); the " +
      "1600 x 600 cover is cut from it. Left out: the post keeps its cover (or has none).",
  );

/** A yes from an HTML checkbox ("on") or JSON. */
const yes = z.preprocess(
  (value) => (typeof value === "string" ? ["on", "1", "true", "yes"].includes(value.toLowerCase()) : value),
  z.boolean({ error: "Answer yes or no." }),
);

export const postInputSchema = z.object({
  title: requiredText("title", POST_MESSAGES.title, POST_TITLE_MAX),
  slug: blankIsAbsent(slugField),
  excerpt: optionalText("excerpt", POST_EXCERPT_MAX).describe(
    "A line or two for the list; blank: the body's first words.",
  ),
  body_html: requiredText("body", POST_MESSAGES.body, POST_BODY_MAX).describe(
    "HTML: paragraphs, headings, bold, italic, lists, quotes and links are kept, anything else removed.",
  ),
  cover: blankIsAbsent(coverField),
  category: optionalText("category", POST_CATEGORY_MAX),
  tags: blankIsAbsent(tagsField).transform((tags) => tags ?? []),
  author: optionalText("author", POST_AUTHOR_MAX).describe("Blank: the name of the staff member writing it."),
  status: z.enum(POST_STATUSES, { error: POST_MESSAGES.status }).default("draft"),
  publish_at: blankIsAbsent(timeField),
});
export type PostInput = z.output<typeof postInputSchema>;

/** A change to a post: any of its fields; what is left out stays. `remove_cover` takes its cover off. */
export const postPatchSchema = z.object({
  title: requiredText("title", POST_MESSAGES.title, POST_TITLE_MAX).optional(),
  slug: blankIsAbsent(slugField),
  excerpt: optionalText("excerpt", POST_EXCERPT_MAX).optional(),
  body_html: requiredText("body", POST_MESSAGES.body, POST_BODY_MAX).optional(),
  cover: blankIsAbsent(coverField),
  remove_cover: blankIsAbsent(yes).describe("Yes: the post no longer has a cover."),
  category: optionalText("category", POST_CATEGORY_MAX).optional(),
  tags: z.preprocess((value) => (value === null ? "" : value), tagsField).optional(),
  author: optionalText("author", POST_AUTHOR_MAX).optional(),
  status: z.enum(POST_STATUSES, { error: POST_MESSAGES.status }).optional(),
  publish_at: z
    .preprocess((value) => (value === null ? "" : value), timeField)
    .optional()
    .describe("When the post goes public; blank: now when published, none for a draft."),
});
export type PostPatch = z.output<typeof postPatchSchema>;

export const adminPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().describe("As written; blank when the list shows the body's first words."),
  body_html: z.string(),
  cover_image: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  status: z.enum(POST_STATUSES),
  publish_at: z.string().nullable().describe("UTC ISO; null for a draft without a date."),
  state: z.enum(POST_STATES).describe("Where it stands now: draft, scheduled or published."),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPost = z.output<typeof adminPostSchema>;
export const adminPostPageSchema = z.object({ data: z.array(adminPostSchema), meta: pageMetaSchema });
export const adminPostQuerySchema = z.object({ page: pageField() });

/** A post as the blog's list shows it. */
export const postCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().describe("As written, else the body's first words."),
  cover_image: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  published_at: z.string().describe("UTC ISO."),
  minutes: z.number().int().describe("Minutes to read, at about 200 words a minute."),
});
export type PostCard = z.output<typeof postCardSchema>;

export const postSchema = postCardSchema.extend({
  body_html: z.string(),
  updated_at: z.string().describe("UTC ISO: the post's last change."),
});
export type Post = z.output<typeof postSchema>;

export const postListSchema = z.object({
  data: z.array(postCardSchema),
  meta: pageMetaSchema,
  categories: z
    .array(z.object({ name: z.string(), count: z.number().int() }))
    .describe("Every category of the public posts, with how many each has."),
  tags: z.array(z.string()).describe("Every tag of the public posts."),
});
export type PostList = z.output<typeof postListSchema>;

const filterText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: `The ${label} must be text.` })
      .trim()
      .max(max, `The ${label} may not be greater than ${max} characters.`)
      .refine((value) => !hasNul(value), `The ${label} is not valid.`),
  );

export const postQuerySchema = z.object({
  page: pageField(),
  search: filterText("search", POST_SEARCH_MAX).describe("Words of the title or the body."),
  category: filterText("category", POST_CATEGORY_MAX),
  tag: filterText("tag", POST_TAG_MAX).transform((tag) => tag.toLowerCase()),
});
export type PostQuery = z.output<typeof postQuerySchema>;
