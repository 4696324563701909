import { randomBytes } from "node:crypto";
import type { Trx } from "../../../platform/db/schema.ts";
import { UPLOADS_URL_PREFIX, uploadedSlideUrls } from "../../../platform/images/image-urls.ts";
import { renderSlidePhoto } from "../../../platform/images/render.ts";
import { inspectUpload } from "../../../platform/images/uploads.ts";
import { imageKey, type Storage } from "../../../platform/storage/storage.ts";
import { CATALOGUE_MESSAGES as M } from "../../../shared/catalogue-settings.ts";
import type { AdminSlider, AdminSliderInput } from "../../../shared/contracts/admin-catalogue.ts";
import { slideMobileAvifUrl } from "../../../shared/images.ts";
import { NotFound, ServiceUnavailable, ValidationFailed } from "../../errors.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import type { CatalogueRepository } from "./catalogue.repository.ts";
import { type CatalogueDeps, committedWrites, sameIds } from "./catalogue-writes.ts";

export interface SliderUpload extends AdminSliderInput {
  image?: File | undefined;
  image_mobile?: File | undefined;
}

/**
 * The home page's slides: an uploaded picture (checked by its content, cut into the desktop and mobile images),
 * a link, an order and optional dates. A replaced or deleted slide's uploaded files are removed after the commit;
 * the files of a refused or failed write are removed too.
 */
export function slidesService(deps: CatalogueDeps) {
  const { repository } = deps;
  const { write, busy } = committedWrites(deps);

  const showing = (row: { starts_at: string | null; ends_at: string | null }, now: string) =>
    (row.starts_at === null || row.starts_at <= now) && (row.ends_at === null || row.ends_at > now);

  function toSlider(
    row: Awaited<ReturnType<CatalogueRepository["sliders"]>>[number],
    now: string,
  ): AdminSlider {
    return {
      id: row.id,
      title: row.title,
      url: row.url,
      image: row.image,
      image_mobile: row.image_mobile,
      position: row.position,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      showing: showing(row, now),
    };
  }

  async function sliderList(on?: Trx): Promise<AdminSlider[]> {
    const now = new Date().toISOString();
    return (await repository.sliders(on)).map((row) => toSlider(row, now));
  }

  function requireStorage(): Storage {
    if (!deps.storage) throw new ServiceUnavailable(new Error("no image storage is configured"));
    return deps.storage;
  }

  /** A picture's bytes, checked by their content (the field named in the refusal). */
  async function checkedPicture(image: File, field: "image" | "image_mobile"): Promise<Buffer> {
    const bytes = Buffer.from(await image.arrayBuffer());
    const check = await inspectUpload(bytes);
    if (!check.ok)
      throw ValidationFailed.field(field, check.problem === "too-small" ? M.imageTooSmall : M.imageType);
    return bytes;
  }

  /**
   * Renders a slide's new images: from `image` both (or the desktop one when the phone has its own picture), and
   * from `phone` the phone's. Answers the URLs of the images made; a failed render leaves none of them.
   */
  async function renderSlide(
    image: File | undefined,
    phone: File | undefined,
  ): Promise<{ desktop?: string; mobile?: string }> {
    const storage = requireStorage();
    const [bytes, phoneBytes] = await Promise.all([
      image && checkedPicture(image, "image"),
      phone && checkedPicture(phone, "image_mobile"),
    ]);
    const all = uploadedSlideUrls(randomBytes(9).toString("base64url").replace(/[-_]/g, "x"));
    const urls = {
      ...(bytes ? { desktop: all.desktop } : {}),
      ...(phoneBytes || bytes ? { mobile: all.mobile } : {}),
    };
    try {
      if (bytes) await renderSlidePhoto(storage, bytes, phoneBytes ? { desktop: all.desktop } : all);
      if (phoneBytes) await renderSlidePhoto(storage, phoneBytes, { mobile: all.mobile });
    } catch (error) {
      await removeSlideFiles(Object.values(urls));
      throw error;
    }
    return urls;
  }

  /** Removes a slide's uploaded images, the mobile one's AVIF twin too (the drawn demo slides' files stay). */
  async function removeSlideFiles(urls: string[]) {
    const { storage } = deps;
    if (!storage) return;
    await Promise.all(
      urls
        .flatMap((url) => [url, slideMobileAvifUrl(url) ?? []].flat())
        .filter((url) => url.startsWith(`${UPLOADS_URL_PREFIX}sliders/`))
        .map((url) =>
          storage
            .delete(imageKey(url))
            .catch((error: unknown) =>
              deps.logger.warn({ err: error, url }, "could not remove a slide's uploaded image"),
            ),
        ),
    );
  }

  function checkDates(startsAt: string | null, endsAt: string | null) {
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
      throw ValidationFailed.field("ends_at", M.endsBeforeStart);
  }

  return {
    listSliders: async () => ({ data: await sliderList() }),

    async createSlider(
      actor: AuditActor,
      input: {
        image: File;
        image_mobile?: File | undefined;
        title: string;
        url: string;
        starts_at: string | null;
        ends_at: string | null;
      },
    ): Promise<AdminSlider> {
      checkDates(input.starts_at, input.ends_at);
      const urls = (await renderSlide(input.image, input.image_mobile)) as {
        desktop: string;
        mobile: string;
      };
      try {
        return await write(async (trx) => {
          const position = await repository.nextPosition(trx, "sliders");
          const values = {
            title: input.title,
            url: input.url,
            image: urls.desktop,
            image_mobile: urls.mobile,
            starts_at: input.starts_at,
            ends_at: input.ends_at,
            position,
          };
          const id = await repository.insertSlider(trx, values);
          await recordAudit(trx, {
            actor,
            action: "slider.create",
            entityType: "slider",
            entityId: id,
            after: values,
          });
          return (await sliderList(trx)).find((row) => row.id === id)!;
        }, busy);
      } catch (error) {
        await removeSlideFiles([urls.desktop, urls.mobile]);
        throw error;
      }
    },

    async updateSlider(actor: AuditActor, id: number, input: SliderUpload): Promise<AdminSlider> {
      const current = (await repository.sliders()).find((row) => row.id === id);
      if (!current) throw new NotFound(M.sliderNotFound);
      checkDates(
        input.starts_at === undefined ? current.starts_at : input.starts_at,
        input.ends_at === undefined ? current.ends_at : input.ends_at,
      );
      const urls =
        input.image || input.image_mobile ? await renderSlide(input.image, input.image_mobile) : undefined;
      let replaced: string[] = [];
      try {
        const answer = await write(async (trx) => {
          const before = await repository.findSlider(trx, id);
          if (!before) throw new NotFound(M.sliderNotFound);
          const change = {
            title: input.title ?? before.title,
            url: input.url ?? before.url,
            starts_at: input.starts_at === undefined ? before.starts_at : input.starts_at,
            ends_at: input.ends_at === undefined ? before.ends_at : input.ends_at,
            image: urls?.desktop ?? before.image,
            image_mobile: urls?.mobile ?? before.image_mobile,
          };
          checkDates(change.starts_at, change.ends_at);
          await repository.updateSlider(trx, id, change);
          const { id: _id, position: _position, ...was } = before;
          await recordAudit(trx, {
            actor,
            action: "slider.update",
            entityType: "slider",
            entityId: id,
            before: was,
            after: change,
          });
          replaced = [
            ...(urls?.desktop ? [before.image] : []),
            ...(urls?.mobile ? [before.image_mobile] : []),
          ];
          return (await sliderList(trx)).find((row) => row.id === id)!;
        }, busy);
        await removeSlideFiles(replaced);
        return answer;
      } catch (error) {
        if (urls) await removeSlideFiles(Object.values(urls));
        throw error;
      }
    },

    async deleteSlider(actor: AuditActor, id: number) {
      const removed = await write(async (trx) => {
        const before = await repository.findSlider(trx, id);
        if (!before) throw new NotFound(M.sliderNotFound);
        await repository.deleteSlider(trx, id);
        await recordAudit(trx, {
          actor,
          action: "slider.delete",
          entityType: "slider",
          entityId: id,
          before,
        });
        return [before.image, before.image_mobile];
      }, busy);
      await removeSlideFiles(removed);
      return { message: "The slide was deleted." };
    },

    async reorderSliders(actor: AuditActor, ids: number[]) {
      return write(async (trx) => {
        const before = (await repository.sliders(trx)).map((row) => row.id);
        if (!sameIds(ids, before)) throw ValidationFailed.field("ids", M.orderMismatch);
        await repository.setPositions(trx, "sliders", ids);
        await recordAudit(trx, {
          actor,
          action: "slider.reorder",
          entityType: "slider",
          entityId: "all",
          before,
          after: ids,
        });
        return { data: await sliderList(trx) };
      }, busy);
    },
  };
}
