import { data, redirect } from "react-router";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formFields, formText } from "../../ui/forms/api-errors.ts";
import type { CatalogueFailure, CatalogueSection } from "./catalogue-sections.ts";

type Answer =
  | { ok: true }
  | { ok: false; status: number; data: { message: string; errors?: Record<string, string[]> } };

const FIELDS: Record<CatalogueSection, readonly string[]> = {
  categories: ["name", "slug", "parent_id"],
  colours: ["name", "code"],
  sizes: ["name"],
  tags: ["name"],
  sliders: ["title", "url", "starts_at", "ends_at"],
};

/** `ids` with `id` swapped with its neighbour above or below; null when it is already at that end. */
export function moved(ids: number[], id: number, direction: string): number[] | null {
  const index = ids.indexOf(id);
  const other = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || other < 0 || other >= ids.length) return null;
  const order = [...ids];
  [order[index], order[other]] = [order[other]!, order[index]!];
  return order;
}

/** A file input left empty sends an empty, nameless file: no new picture. */
const fileOf = (form: FormData, name = "image") => {
  const image = form.get(name);
  return image instanceof File && image.size > 0 ? image : undefined;
};

async function call(api: ApiClient, section: CatalogueSection, intent: string, id: string, form: FormData) {
  const text = (name: string) => formText(form, name);
  const params = { id };
  switch (`${section}:${intent}`) {
    case "categories:create":
      return api.call("adminCreateCategory", {
        body: { name: text("name"), slug: text("slug"), parent_id: text("parent_id") as unknown as null },
      });
    case "categories:update":
      return api.call("adminUpdateCategory", {
        params,
        body: { name: text("name"), slug: text("slug"), parent_id: text("parent_id") as unknown as null },
      });
    case "categories:delete":
      return api.call("adminDeleteCategory", { params });
    case "categories:move": {
      const list = await api.call("adminListCategories");
      if (!list.ok) return list;
      const row = list.data.data.find((category) => String(category.id) === id);
      const siblings = list.data.data.filter((category) => category.parent_id === (row?.parent_id ?? null));
      const order =
        row &&
        moved(
          siblings.map((category) => category.id),
          row.id,
          text("direction"),
        );
      if (!order) return { ok: true as const };
      return api.call("adminReorderCategories", { body: { parent_id: row.parent_id, ids: order } });
    }
    case "colours:create":
      return api.call("adminCreateColor", { body: { name: text("name"), code: text("code") } });
    case "colours:update":
      return api.call("adminUpdateColor", { params, body: { name: text("name"), code: text("code") } });
    case "colours:delete":
      return api.call("adminDeleteColor", { params });
    case "sizes:create":
      return api.call("adminCreateSize", { body: { name: text("name") } });
    case "sizes:update":
      return api.call("adminUpdateSize", { params, body: { name: text("name") } });
    case "sizes:delete":
      return api.call("adminDeleteSize", { params });
    case "sizes:move": {
      const list = await api.call("adminListSizes");
      if (!list.ok) return list;
      const order = moved(
        list.data.data.map((size) => size.id),
        Number(id),
        text("direction"),
      );
      return order ? api.call("adminReorderSizes", { body: { ids: order } }) : { ok: true as const };
    }
    case "tags:create":
      return api.call("adminCreateTag", { body: { name: text("name") } });
    case "tags:update":
      return api.call("adminUpdateTag", { params, body: { name: text("name") } });
    case "tags:delete":
      return api.call("adminDeleteTag", { params });
    case "sliders:create":
      return api.call("adminCreateSlider", {
        body: {
          // A missing file goes as nothing (the client leaves it out), and the API says a picture is needed.
          image: fileOf(form) as File,
          image_mobile: fileOf(form, "image_mobile"),
          title: text("title"),
          url: text("url"),
          starts_at: text("starts_at"),
          ends_at: text("ends_at"),
        },
      });
    case "sliders:update":
      return api.call("adminUpdateSlider", {
        params,
        body: {
          image: fileOf(form),
          image_mobile: fileOf(form, "image_mobile"),
          title: text("title"),
          url: text("url"),
          starts_at: text("starts_at"),
          ends_at: text("ends_at"),
        },
      });
    case "sliders:delete":
      return api.call("adminDeleteSlider", { params });
    case "sliders:move": {
      const list = await api.call("adminListSliders");
      if (!list.ok) return list;
      const order = moved(
        list.data.data.map((slide) => slide.id),
        Number(id),
        text("direction"),
      );
      return order ? api.call("adminReorderSliders", { body: { ids: order } }) : { ok: true as const };
    }
    default:
      throw data({ message: "This form cannot be handled." }, { status: 400 });
  }
}

/**
 * One form of a catalogue screen through the API. A change redirects (303) to `?done=<intent>` so a reload
 * cannot send it twice (and a moved row keeps its place in view: `#row-<id>`); a refusal answers the form's
 * failure with the API's status, keeping what was typed.
 */
export async function catalogueAction(
  api: ApiClient,
  section: CatalogueSection,
  form: FormData,
  path: string,
) {
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  const answer = (await call(api, section, intent, id, form)) as Answer;
  if (answer.ok) {
    const anchor = intent === "move" ? `#row-${id}` : "";
    return redirect(`${path}?done=${intent}${anchor}`, 303);
  }
  const failure: CatalogueFailure = {
    intent,
    id,
    message: answer.data.message,
    errors: firstErrors(answer.data.errors),
    values: formFields(form, FIELDS[section]),
  };
  return data(failure, { status: failureStatus(answer.status) });
}
