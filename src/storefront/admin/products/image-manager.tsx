import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import type { AdminProduct } from "../../../shared/contracts/admin-products.ts";
import type { ProductImage } from "../../../shared/contracts/catalogue.ts";
import { imageVariants } from "../../../shared/images.ts";
import {
  ALT_MAX,
  IMAGE_UPLOAD_ACCEPT,
  IMAGE_UPLOAD_MAX_BYTES,
  PRODUCT_MESSAGES,
} from "../../../shared/product-admin.ts";

/** What a refused photo action brings back: which form, its fields' first messages, the general message. */
export interface ImageFormFailure {
  ok: false;
  intent: "upload" | "image-save" | "image-move" | "image-remove";
  /** The upload form's colour ("none" for no colour), or the photo's id. */
  target: string;
  message: string;
  errors: Record<string, string>;
}

interface Section {
  key: string;
  colorId: number | null;
  title: string;
  code: string | null;
  images: ProductImage[];
}

/** The product's photos grouped by colour (its colours in display order), then those of no particular colour. */
function sectionsOf(product: AdminProduct): Section[] {
  const colors: Section[] = [];
  for (const variant of product.variants) {
    if (colors.some((section) => section.colorId === variant.color_id)) continue;
    colors.push({
      key: String(variant.color_id),
      colorId: variant.color_id,
      title: variant.color_name,
      code: variant.color_code,
      images: [],
    });
  }
  const none: Section = { key: "none", colorId: null, title: "Any colour", code: null, images: [] };
  for (const image of product.images) {
    (colors.find((section) => section.colorId === image.color_id) ?? none).images.push(image);
  }
  return [...colors, none];
}

/**
 * The product's photos, per colour: upload (JPEG, PNG or WebP up to 10 MB, with its alt text), change the alt
 * text or colour, move up or down within the colour, remove. Every control is a plain form that works without
 * JavaScript; the first two photos overall are the listing's card and its hover picture.
 */
export function ImageManager({
  product,
  failure,
  busy,
}: {
  product: AdminProduct;
  failure: ImageFormFailure | null;
  busy: boolean;
}) {
  const sections = sectionsOf(product);
  const colorOptions = sections.filter((section) => section.colorId !== null);
  return (
    <section className="admin-card admin-form-section" id="photos" aria-labelledby="product-photos-title">
      <h2 className="admin-card__title" id="product-photos-title">
        Photos
      </h2>
      <p className="field__hint">
        The shop shows a colour's photos when a shopper picks that colour, and the photos of any colour with
        every colour. The first two photos overall are the product card's picture and its hover picture.
      </p>
      {failure && failure.target === "" && (
        <p className="field__error" role="alert">
          {failure.message}
        </p>
      )}
      {sections.map((section) => (
        <section className="admin-photo-section" key={section.key} aria-labelledby={`photos-${section.key}`}>
          <h3 className="admin-photo-section__title" id={`photos-${section.key}`}>
            {section.code && (
              <span className="admin-swatch" style={{ background: section.code }} aria-hidden="true" />
            )}
            {section.title}{" "}
            <span className="admin-photo-section__count">
              ({section.images.length} {section.images.length === 1 ? "photo" : "photos"})
            </span>
          </h3>
          {section.images.length > 0 && (
            <ol className="admin-photos">
              {section.images.map((image, index) => (
                <PhotoItem
                  key={image.id}
                  image={image}
                  first={index === 0}
                  last={index === section.images.length - 1}
                  colorOptions={colorOptions}
                  failure={failure && failure.target === String(image.id) ? failure : null}
                  busy={busy}
                />
              ))}
            </ol>
          )}
          <UploadForm
            section={section}
            failure={failure?.intent === "upload" && failure.target === section.key ? failure : null}
            busy={busy}
          />
        </section>
      ))}
    </section>
  );
}

function PhotoItem({
  image,
  first,
  last,
  colorOptions,
  failure,
  busy,
}: {
  image: ProductImage;
  first: boolean;
  last: boolean;
  colorOptions: Section[];
  failure: ImageFormFailure | null;
  busy: boolean;
}) {
  const picture = imageVariants(image.url);
  const altId = `photo-${image.id}-alt`;
  return (
    <li className="admin-photo">
      <img src={picture.src} srcSet={picture.srcSet} sizes="120px" alt={image.alt} width={120} height={120} />
      <div className="admin-photo__body">
        <Form method="post" className="admin-photo__details" preventScrollReset>
          <input type="hidden" name="image_id" value={image.id} />
          <div className={`field${failure?.errors.alt ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor={altId}>
              Alt text
            </label>
            <input
              id={altId}
              name="alt"
              className="field__input"
              required
              maxLength={ALT_MAX}
              defaultValue={image.alt}
              aria-invalid={failure?.errors.alt ? true : undefined}
            />
            {failure?.errors.alt && <p className="field__error">{failure.errors.alt}</p>}
          </div>
          <div className={`field${failure?.errors.color_id ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor={`photo-${image.id}-color`}>
              Colour
            </label>
            <select
              id={`photo-${image.id}-color`}
              name="color_id"
              className="field__input"
              defaultValue={image.color_id === null ? "none" : String(image.color_id)}
            >
              {colorOptions.map((section) => (
                <option key={section.key} value={section.key}>
                  {section.title}
                </option>
              ))}
              <option value="none">Any colour</option>
            </select>
            {failure?.errors.color_id && <p className="field__error">{failure.errors.color_id}</p>}
          </div>
          <button
            type="submit"
            name="intent"
            value="image-save"
            className="button button--small"
            disabled={busy}
          >
            Save
          </button>
        </Form>
        <div className="admin-photo__actions">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="image_id" value={image.id} />
            <input type="hidden" name="direction" value="up" />
            <button
              type="submit"
              name="intent"
              value="image-move"
              className="button button--small button--outline"
              disabled={first || busy}
              aria-label={`Move up: ${image.alt}`}
            >
              Move up
            </button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="image_id" value={image.id} />
            <input type="hidden" name="direction" value="down" />
            <button
              type="submit"
              name="intent"
              value="image-move"
              className="button button--small button--outline"
              disabled={last || busy}
              aria-label={`Move down: ${image.alt}`}
            >
              Move down
            </button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="image_id" value={image.id} />
            <button
              type="submit"
              name="intent"
              value="image-remove"
              className="button button--small button--outline admin-danger"
              disabled={busy}
              aria-label={`Remove: ${image.alt}`}
            >
              Remove
            </button>
          </Form>
        </div>
        {failure && !failure.errors.alt && !failure.errors.color_id && (
          <p className="field__error" role="alert">
            {failure.message}
          </p>
        )}
      </div>
    </li>
  );
}

function UploadForm({
  section,
  failure,
  busy,
}: {
  section: Section;
  failure: ImageFormFailure | null;
  busy: boolean;
}) {
  const [tooLarge, setTooLarge] = useState(false);
  const fileId = `upload-${section.key}-image`;
  const altId = `upload-${section.key}-alt`;
  const imageError = tooLarge ? PRODUCT_MESSAGES.imageTooLarge : failure?.errors.image;
  // With JavaScript a photo over the limit is stopped here, before 10 MB travel for nothing.
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const file = new FormData(event.currentTarget).get("image");
    const over = file instanceof File && file.size > IMAGE_UPLOAD_MAX_BYTES;
    setTooLarge(over);
    if (over) event.preventDefault();
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="admin-upload"
      onSubmit={checkSize}
      aria-label={`Upload a photo: ${section.title}`}
      preventScrollReset
    >
      <input type="hidden" name="color_id" value={section.key} />
      <div className={`field${imageError ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor={fileId}>
          Photo <span className="field__optional">(JPEG, PNG or WebP, up to 10 MB)</span>
        </label>
        <input
          id={fileId}
          name="image"
          type="file"
          accept={IMAGE_UPLOAD_ACCEPT}
          required
          className="field__input"
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? `${fileId}-error` : undefined}
          onChange={() => setTooLarge(false)}
        />
        {imageError && (
          <p className="field__error" id={`${fileId}-error`}>
            {imageError}
          </p>
        )}
      </div>
      <div className={`field${failure?.errors.alt ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor={altId}>
          Alt text
        </label>
        <input
          id={altId}
          name="alt"
          className="field__input"
          required
          maxLength={ALT_MAX}
          placeholder={`e.g. ${section.colorId === null ? "The bag open, showing its pockets" : `Front view in ${section.title}`}`}
          aria-invalid={failure?.errors.alt ? true : undefined}
        />
        {failure?.errors.alt && <p className="field__error">{failure.errors.alt}</p>}
      </div>
      <button
        type="submit"
        name="intent"
        value="upload"
        className="button button--small"
        disabled={busy}
        aria-label={`Upload: ${section.title}`}
      >
        {busy ? "Uploading..." : "Upload"}
      </button>
      {failure && !failure.errors.image && !failure.errors.alt && (
        <p className="field__error" role="alert">
          {failure.message}
        </p>
      )}
    </Form>
  );
}
