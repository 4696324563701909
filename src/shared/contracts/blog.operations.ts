import {
  adminPostPageSchema,
  adminPostQuerySchema,
  adminPostSchema,
  postInputSchema,
  postListSchema,
  postPatchSchema,
  postQuerySchema,
  postSchema,
} from "./blog.ts";
import { messageSchema, type Operation, WRITE_ERRORS } from "./contract.ts";

/** The blog's public reads (docs/decisions/0064-blog.md). Spread into `operations` (operations.ts). */
export const blogOperations = {
  listPosts: {
    method: "GET",
    path: "/posts",
    summary:
      "The public posts (published, their time come), newest first, 6 a page, filtered by words of the title or " +
      "body, a category or a tag; with every category (and its count) and tag of the public posts",
    tag: "Blog",
    auth: "none",
    query: postQuerySchema,
    status: 200,
    response: postListSchema,
    errors: [422],
  },
  getPost: {
    method: "GET",
    path: "/posts/:slug",
    summary: "One public post by its address; a draft or a post whose time has not come is not found",
    tag: "Blog",
    auth: "none",
    status: 200,
    response: postSchema,
    errors: [404],
  },
} as const satisfies Record<string, Operation>;

/** The back office's posts (staff; every change audited). Spread into `operations` (operations.ts). */
export const adminBlogOperations = {
  adminListPosts: {
    method: "GET",
    path: "/admin/posts",
    summary: "Every post, drafts and scheduled ones too, newest first, with where each stands now",
    tag: "Admin",
    auth: "staff",
    query: adminPostQuerySchema,
    status: 200,
    response: adminPostPageSchema,
    errors: [401, 403, 422],
  },
  adminCreatePost: {
    method: "POST",
    path: "/admin/posts",
    summary:
      "Write a post (multipart/form-data, with an optional cover picture): a draft, or published at a time (the " +
      "shop's local time, or ISO with a zone; blank: now). The body is sanitised; the address is made from the " +
      "title unless given (audited)",
    tag: "Admin",
    auth: "staff",
    body: postInputSchema,
    bodyType: "multipart",
    status: 201,
    response: adminPostSchema,
    errors: [...WRITE_ERRORS, 403, 413, 415],
  },
  adminGetPost: {
    method: "GET",
    path: "/admin/posts/:id",
    summary: "One post, whatever its state",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminPostSchema,
    errors: [401, 403, 404],
  },
  adminUpdatePost: {
    method: "PATCH",
    path: "/admin/posts/:id",
    summary:
      "Change a post (multipart/form-data): any of its fields; what is left out stays; a new cover replaces the " +
      "old one (audited)",
    tag: "Admin",
    auth: "staff",
    body: postPatchSchema,
    bodyType: "multipart",
    status: 200,
    response: adminPostSchema,
    errors: [...WRITE_ERRORS, 403, 404, 413, 415],
  },
  adminDeletePost: {
    method: "DELETE",
    path: "/admin/posts/:id",
    summary: "Delete a post and its cover (audited)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: messageSchema,
    errors: [401, 403, 404],
  },
} as const satisfies Record<string, Operation>;
