import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, Db, PostTable } from "../../platform/db/schema.ts";
import { containsPattern, likeContains } from "../admin/customers.repository.ts";
import { newestFirst } from "../admin/newest-first.repository.ts";

export interface PublicPostFilter {
  /** UTC ISO: posts whose publish time has come by then. */
  now: string;
  /** Lower-case words, each of which the title or the body must hold. */
  words: string[];
  category: string;
  tag: string;
}

/** The most categories and tags the sidebar reads (of the newest public posts): a blog's worth. */
const SIDEBAR_POSTS = 1_000;

/**
 * The blog's statements (migration 041); the rules are posts.service.ts's. "Public" is judged here, in SQL, at
 * the time the service gives: published, and its `publish_at` come.
 */
export function postsRepository(db: Kysely<Database>) {
  function publicPosts(filter: PublicPostFilter) {
    let query = db
      .selectFrom("posts")
      .where("status", "=", "published")
      .where("publish_at", "is not", null)
      .where("publish_at", "<=", filter.now);
    for (const word of filter.words) {
      const pattern = containsPattern(word);
      query = query.where((eb) =>
        eb.or([likeContains(eb.ref("title"), pattern), likeContains(eb.ref("body_html"), pattern)]),
      );
    }
    if (filter.category !== "") query = query.where("category", "=", filter.category);
    if (filter.tag !== "")
      query = query.where((eb) => likeContains(eb.ref("tags"), containsPattern(`,${filter.tag},`)));
    return query;
  }

  return {
    ...newestFirst(db, "posts"),

    find: (id: number, trx: Db = db) =>
      trx.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst(),

    /** The id of the post at `slug`, if any. */
    slugOwner: async (slug: string, trx: Db = db) =>
      (await trx.selectFrom("posts").select("id").where("slug", "=", slug).executeTakeFirst())?.id,

    /** Addresses that start with `stem` (to make a new one unique). */
    slugsLike: async (stem: string, trx: Db = db) =>
      (
        await trx
          .selectFrom("posts")
          .select("slug")
          .where((eb) => eb.or([eb("slug", "=", stem), eb("slug", "like", `${stem}-%`)]))
          .execute()
      ).map((row) => row.slug),

    insert: async (values: Insertable<PostTable>, trx: Db = db) =>
      (await trx.insertInto("posts").values(values).returning("id").executeTakeFirstOrThrow()).id,

    update: (id: number, values: Updateable<PostTable>, trx: Db = db) =>
      trx.updateTable("posts").set(values).where("id", "=", id).execute(),

    remove: (id: number, trx: Db = db) => trx.deleteFrom("posts").where("id", "=", id).execute(),

    /** A page of public posts, newest publish time first. */
    publicPage: (filter: PublicPostFilter, limit: number, offset: number) =>
      publicPosts(filter)
        .selectAll()
        .orderBy("publish_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),

    publicCount: async (filter: PublicPostFilter) =>
      Number(
        (
          await publicPosts(filter)
            .select((eb) => eb.fn.countAll<number | string>().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      ),

    /** The categories and tags of the newest public posts, for the sidebar. */
    publicTopics: (now: string) =>
      publicPosts({ now, words: [], category: "", tag: "" })
        .select(["category", "tags"])
        .orderBy("publish_at", "desc")
        .limit(SIDEBAR_POSTS)
        .execute(),

    publicBySlug: (slug: string, now: string) =>
      publicPosts({ now, words: [], category: "", tag: "" })
        .selectAll()
        .where("slug", "=", slug)
        .executeTakeFirst(),

    /** Every public post's address and last change, for the sitemap. */
    sitemap: (now: string) =>
      publicPosts({ now, words: [], category: "", tag: "" })
        .select(["slug", "updated_at"])
        .orderBy("publish_at", "desc")
        .execute(),
  };
}

export type PostsRepository = ReturnType<typeof postsRepository>;
