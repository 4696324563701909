import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import type { Database, PostTable, Trx } from "../../platform/db/schema.ts";
import { uploadedCoverUrl } from "../../platform/images/image-urls.ts";
import { renderSlidePhoto } from "../../platform/images/render.ts";
import { inspectUpload } from "../../platform/images/uploads.ts";
import { imageKey, type Storage } from "../../platform/storage/storage.ts";
import {
  ADMIN_POSTS_PER_PAGE,
  type AdminPost,
  POST_MESSAGES,
  POST_SLUG_MAX,
  POSTS_PER_PAGE,
  type Post,
  type PostCard,
  type PostInput,
  type PostList,
  type PostPatch,
  type PostQuery,
  type PostState,
} from "../../shared/contracts/blog.ts";
import { slugify } from "../../shared/images.ts";
import { derivedExcerpt, readingMinutes, sanitizePostBody } from "../../shared/post-html.ts";
import { parseShopTime } from "../../shared/shop-time.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import { storedTags, tagsOf } from "../admin/customers.repository.ts";
import { NotFound, ServiceUnavailable, ValidationFailed } from "../errors.ts";
import { pageMeta } from "../pagination.ts";
import type { PostsRepository } from "./posts.repository.ts";

type PostRow = Selectable<PostTable>;

/** Who writes a post: the audit log's actor and the name a post is signed with when it names no author. */
export interface PostWriter {
  actor: AuditActor;
  name: string;
}

/** At most this many words of a search are looked for (each must be in the title or the body). */
const SEARCH_WORDS = 5;

/** Where a post stands at `now`: a draft, published but not yet at its time, or public. */
export function postState(row: Pick<PostRow, "status" | "publish_at">, now: string): PostState {
  if (row.status === "draft") return "draft";
  return row.publish_at !== null && row.publish_at <= now ? "published" : "scheduled";
}

/** A post as the audit log keeps it and the back office shows it, less where it stands now. */
function toRecord(row: PostRow): Omit<AdminPost, "state"> {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    body_html: row.body_html,
    cover_image: row.cover_image,
    category: row.category,
    tags: tagsOf(row.tags),
    author: row.author,
    status: row.status,
    publish_at: row.publish_at,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const toAdminPost = (row: PostRow, now: string): AdminPost => ({
  ...toRecord(row),
  state: postState(row, now),
});

function toCard(row: PostRow): PostCard {
  const body = sanitizePostBody(row.body_html);
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt || derivedExcerpt(body),
    cover_image: row.cover_image,
    category: row.category,
    tags: tagsOf(row.tags),
    author: row.author,
    published_at: row.publish_at ?? row.created_at,
    minutes: readingMinutes(body),
  };
}

/**
 * The blog (docs/decisions/0064-blog.md): staff write posts in the back office (every change audited), shoppers
 * read the public ones. "Public" is published with its time come, judged in SQL at each read with the clock's
 * time, so a scheduled post appears at its minute with no job running. Bodies are sanitised when saved; covers
 * are checked by their content and cut to 1600 x 600 like a home slide's desktop image.
 */
export function postsService(deps: {
  db: Kysely<Database>;
  repository: PostsRepository;
  /** Where covers go; without it a cover is refused (503) and posts are written without one. */
  storage: Storage | undefined;
  logger: Pick<Logger, "warn">;
  /** The time now (tests move it). */
  now?: () => Date;
}) {
  const { db, repository } = deps;
  const nowIso = () => (deps.now ? deps.now() : new Date()).toISOString();

  /** A post's address: the one given (refused when another post has it), else the title's, made unique. */
  async function chooseSlug(
    trx: Trx,
    given: string | undefined,
    title: string,
    id?: number,
  ): Promise<string> {
    if (given !== undefined) {
      const owner = await repository.slugOwner(given, trx);
      if (owner !== undefined && owner !== id) throw ValidationFailed.field("slug", POST_MESSAGES.slugTaken);
      return given;
    }
    const stem =
      slugify(title)
        .slice(0, POST_SLUG_MAX - 6)
        .replace(/-+$/, "") || "post";
    const taken = new Set(await repository.slugsLike(stem, trx));
    let slug = stem;
    for (let n = 2; taken.has(slug); n++) slug = `${stem}-${n}`;
    return slug;
  }

  /** The publish time to store: the one given, else now for a published post, else none. */
  function publishAt(status: "draft" | "published", given: string | undefined, current: string | null) {
    if (given !== undefined && given !== "") {
      const parsed = parseShopTime(given);
      if (parsed === undefined) throw ValidationFailed.field("publish_at", POST_MESSAGES.time);
      return parsed;
    }
    if (given === "") return status === "published" ? nowIso() : null;
    return current ?? (status === "published" ? nowIso() : null);
  }

  function cleanBody(html: string): string {
    const body = sanitizePostBody(html);
    if (body === "") throw ValidationFailed.field("body_html", POST_MESSAGES.bodyEmpty);
    return body;
  }

  /** Renders an uploaded cover; answers its URL. A picture that is not one is refused before anything is written. */
  async function renderCover(cover: File): Promise<string> {
    if (!deps.storage) throw new ServiceUnavailable(new Error("no image storage is configured"));
    const bytes = Buffer.from(await cover.arrayBuffer());
    const check = await inspectUpload(bytes);
    if (!check.ok)
      throw ValidationFailed.field(
        "cover",
        check.problem === "too-small" ? POST_MESSAGES.coverTooSmall : POST_MESSAGES.coverType,
      );
    const url = uploadedCoverUrl(randomBytes(9).toString("base64url").replace(/[-_]/g, "x"));
    await renderSlidePhoto(deps.storage, bytes, { desktop: url });
    return url;
  }

  async function removeCover(url: string | null | undefined) {
    const { storage } = deps;
    if (!storage || !url?.startsWith(uploadedCoverUrl("").replace(/-desktop\.webp$/, ""))) return;
    await storage
      .delete(imageKey(url))
      .catch((error: unknown) => deps.logger.warn({ err: error, url }, "could not remove a post's cover"));
  }

  async function get(id: number): Promise<AdminPost> {
    const row = await repository.find(id);
    if (!row) throw new NotFound(POST_MESSAGES.notFound);
    return toAdminPost(row, nowIso());
  }

  return {
    /** The time the service judges "public" by (the sitemap asks it too). */
    now: nowIso,

    async list(page: number) {
      const [rows, total] = await Promise.all([
        repository.page(ADMIN_POSTS_PER_PAGE, (page - 1) * ADMIN_POSTS_PER_PAGE),
        repository.count(),
      ]);
      const now = nowIso();
      return {
        data: rows.map((row) => toAdminPost(row, now)),
        meta: pageMeta(page, ADMIN_POSTS_PER_PAGE, rows.length, total),
      };
    },

    get,

    async create(writer: PostWriter, input: PostInput): Promise<AdminPost> {
      const body = cleanBody(input.body_html);
      const at = publishAt(input.status, input.publish_at, null);
      const cover = input.cover ? await renderCover(input.cover) : null;
      try {
        const id = await db.transaction().execute(async (trx) => {
          const now = nowIso();
          const row = {
            slug: await chooseSlug(trx, input.slug, input.title),
            title: input.title,
            excerpt: input.excerpt,
            body_html: body,
            cover_image: cover,
            category: input.category,
            tags: storedTags(input.tags),
            author: input.author || writer.name || writer.actor.email,
            status: input.status,
            publish_at: at,
            created_by: writer.actor.email.toLowerCase(),
            created_at: now,
            updated_at: now,
          };
          const id = await repository.insert(row, trx);
          await recordAudit(trx, {
            actor: writer.actor,
            action: "post.create",
            entityType: "post",
            entityId: id,
            after: toRecord({ ...row, id }),
          });
          return id;
        });
        return await get(id);
      } catch (error) {
        await removeCover(cover);
        throw error;
      }
    },

    async update(writer: PostWriter, id: number, patch: PostPatch): Promise<AdminPost> {
      const body = patch.body_html === undefined ? undefined : cleanBody(patch.body_html);
      const cover = patch.cover ? await renderCover(patch.cover) : undefined;
      let replaced: string | null = null;
      try {
        await db.transaction().execute(async (trx) => {
          const row = await repository.find(id, trx);
          if (!row) throw new NotFound(POST_MESSAGES.notFound);
          const status = patch.status ?? row.status;
          const values = {
            title: patch.title ?? row.title,
            slug:
              patch.slug === undefined || patch.slug === row.slug
                ? row.slug
                : await chooseSlug(trx, patch.slug, row.title, id),
            excerpt: patch.excerpt ?? row.excerpt,
            body_html: body ?? row.body_html,
            cover_image: cover ?? (patch.remove_cover ? null : row.cover_image),
            category: patch.category ?? row.category,
            tags: patch.tags === undefined ? row.tags : storedTags(patch.tags),
            author: patch.author === undefined ? row.author : patch.author || writer.name || row.author,
            status,
            publish_at: publishAt(status, patch.publish_at, row.publish_at),
            updated_at: nowIso(),
          };
          await repository.update(id, values, trx);
          await recordAudit(trx, {
            actor: writer.actor,
            action: "post.update",
            entityType: "post",
            entityId: id,
            before: toRecord(row),
            after: toRecord({ ...row, ...values }),
          });
          if (values.cover_image !== row.cover_image) replaced = row.cover_image;
        });
      } catch (error) {
        await removeCover(cover);
        throw error;
      }
      await removeCover(replaced);
      return get(id);
    },

    async remove(actor: AuditActor, id: number) {
      const cover = await db.transaction().execute(async (trx) => {
        const row = await repository.find(id, trx);
        if (!row) throw new NotFound(POST_MESSAGES.notFound);
        await repository.remove(id, trx);
        await recordAudit(trx, {
          actor,
          action: "post.delete",
          entityType: "post",
          entityId: id,
          before: toRecord(row),
        });
        return row.cover_image;
      });
      await removeCover(cover);
      return { message: POST_MESSAGES.deleted };
    },

    /** A page of the public posts, with the sidebar's categories and tags. */
    async publicList(query: PostQuery): Promise<PostList> {
      const now = nowIso();
      const filter = {
        now,
        words: query.search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS),
        category: query.category,
        tag: query.tag,
      };
      const [rows, total, topics] = await Promise.all([
        repository.publicPage(filter, POSTS_PER_PAGE, (query.page - 1) * POSTS_PER_PAGE),
        repository.publicCount(filter),
        repository.publicTopics(now),
      ]);
      const categories = new Map<string, number>();
      const tags = new Set<string>();
      for (const topic of topics) {
        if (topic.category !== "") categories.set(topic.category, (categories.get(topic.category) ?? 0) + 1);
        for (const tag of tagsOf(topic.tags)) tags.add(tag);
      }
      return {
        data: rows.map(toCard),
        meta: pageMeta(query.page, POSTS_PER_PAGE, rows.length, total),
        categories: [...categories]
          .map(([name, count]) => ({ name, count }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        tags: [...tags].sort(),
      };
    },

    async publicPost(slug: string): Promise<Post> {
      const row = await repository.publicBySlug(slug, nowIso());
      if (!row) throw new NotFound(POST_MESSAGES.notFound);
      return { ...toCard(row), body_html: sanitizePostBody(row.body_html), updated_at: row.updated_at };
    },

    /** The public posts' addresses and last changes, newest first (the sitemap's). */
    sitemap: () => repository.sitemap(nowIso()),
  };
}

export type PostsService = ReturnType<typeof postsService>;
