import { Hono } from "hono";
import { POST_MESSAGES } from "../../shared/contracts/blog.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { Identity } from "../account/auth.ts";
import { auditActor } from "../admin/audit.ts";
import type { ApiEnv } from "../api-env.ts";
import { pathId, route } from "../contract/route.ts";
import type { PostsService, PostWriter } from "./posts.service.ts";

/** The blog's public reads (`/api/posts...`). */
export function postRoutes(posts: PostsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.listPosts, (_c, { query }) => posts.publicList(query));
  route(routes, operations.getPost, (_c, { params }) => posts.publicPost(params.slug));
  return routes;
}

/** The staff member writing: audited, and the post's author unless it names one. */
const writerOf = (identity: Identity): PostWriter => ({
  actor: auditActor(identity),
  name: `${identity.user.first_name} ${identity.user.last_name}`.trim(),
});

/** The back office's posts (`/api/admin/posts...`; staff, checked by `route()` from the contract). */
export function adminPostRoutes(posts: PostsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  const id = (text: string) => pathId(text, POST_MESSAGES.notFound);
  route(routes, operations.adminListPosts, (_c, { query }) => posts.list(query.page));
  route(routes, operations.adminCreatePost, (_c, { actor, body }) => posts.create(writerOf(actor), body));
  route(routes, operations.adminGetPost, (_c, { params }) => posts.get(id(params.id)));
  route(routes, operations.adminUpdatePost, (_c, { actor, params, body }) =>
    posts.update(writerOf(actor), id(params.id), body),
  );
  route(routes, operations.adminDeletePost, (_c, { actor, params }) =>
    posts.remove(auditActor(actor), id(params.id)),
  );
  return routes;
}
