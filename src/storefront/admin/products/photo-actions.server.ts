import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import type { ImageFormFailure } from "./image-manager.tsx";

type PhotoIntent = ImageFormFailure["intent"];
type Outcome = { notice: string } | { failure: ImageFormFailure; status: number };

const NOTICE: Record<PhotoIntent, string> = {
  upload: "photo-added",
  "image-save": "photo-saved",
  "image-move": "photo-moved",
  "image-remove": "photo-removed",
};

function isPhotoIntent(intent: string): intent is PhotoIntent {
  return intent in NOTICE;
}

/**
 * One photo form of the product page through the API: an upload (the file as sent), the alt text and colour,
 * a move up or down within the photo's colour (the whole order is sent), or a removal.
 */
export async function photoAction(
  api: ApiClient,
  productId: number,
  intent: string,
  form: FormData,
): Promise<Outcome> {
  if (!isPhotoIntent(intent)) {
    return {
      failure: { ok: false, intent: "image-save", target: "", message: "Unknown action.", errors: {} },
      status: 400,
    };
  }
  const params = { id: String(productId) };
  const colorField = formText(form, "color_id");
  const colorId = colorField === "none" || colorField === "" ? null : colorField;
  const imageId = formText(form, "image_id");
  const target = intent === "upload" ? colorField || "none" : imageId;

  let answer: { ok: boolean; status: number; data: unknown };
  if (intent === "upload") {
    const image = form.get("image");
    answer = await api.call("adminUploadProductImage", {
      params,
      body: {
        // A missing file goes as nothing (the client leaves it out), and the API says a photo is needed.
        image: (image instanceof File && image.size > 0 ? image : undefined) as File,
        alt: formText(form, "alt"),
        color_id: colorId,
      },
    });
  } else if (intent === "image-save") {
    answer = await api.call("adminUpdateProductImage", {
      params: { ...params, imageId },
      body: { alt: formText(form, "alt"), color_id: colorId },
    });
  } else if (intent === "image-remove") {
    answer = await api.call("adminDeleteProductImage", { params: { ...params, imageId } });
  } else {
    answer = await move(api, productId, Number(imageId), formText(form, "direction") === "up" ? -1 : 1);
  }
  if (answer.ok) return { notice: NOTICE[intent] };
  const error = answer.data as { message?: string; errors?: Record<string, string[]> };
  return {
    failure: {
      ok: false,
      intent,
      target,
      message: error.message || "That did not work. Please try again.",
      errors: firstErrors(error.errors),
    },
    status: failureStatus(answer.status),
  };
}

/** Swaps the photo with its neighbour of the same colour (`step` -1: the one before, 1: after), keeping the rest. */
async function move(api: ApiClient, productId: number, imageId: number, step: -1 | 1) {
  const product = await api.call("adminGetProduct", { params: { id: String(productId) } });
  if (!product.ok) return product;
  const images = product.data.images;
  const photo = images.find((image) => image.id === imageId);
  if (!photo)
    return { ok: false, status: 404, data: { message: "This image does not belong to this product." } };
  const sameColour = images.filter((image) => image.color_id === photo.color_id);
  const neighbour = sameColour[sameColour.indexOf(photo) + step];
  // Already first (or last) of its colour: nothing moves.
  if (!neighbour) return { ok: true, status: 200, data: images };
  const order = images.map((image) =>
    image.id === photo.id ? neighbour.id : image.id === neighbour.id ? photo.id : image.id,
  );
  return api.call("adminReorderProductImages", { params: { id: String(productId) }, body: { ids: order } });
}
