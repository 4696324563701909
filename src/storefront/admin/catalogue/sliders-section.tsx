import type { AdminSlider } from "../../../shared/contracts/admin-catalogue.ts";
import { IMAGE_UPLOAD_ACCEPT } from "../../../shared/product-admin.ts";
import { shopLocalInput, shopTimeText } from "../../../shared/shop-time.ts";
import { Field } from "../../ui/forms/field.tsx";
import type { CatalogueFailure } from "./catalogue-sections.ts";
import { RowActions } from "./row-actions.tsx";
import { failureOf, SectionForm } from "./section-form.tsx";

function when(slide: AdminSlider): string {
  if (slide.starts_at && slide.ends_at)
    return `${shopTimeText(slide.starts_at)} to ${shopTimeText(slide.ends_at)}`;
  if (slide.starts_at) return `From ${shopTimeText(slide.starts_at)}`;
  if (slide.ends_at) return `Until ${shopTimeText(slide.ends_at)}`;
  return "Always";
}

function SlideFields({
  slide,
  failure,
  prefix,
}: {
  slide?: AdminSlider | undefined;
  failure: CatalogueFailure | undefined;
  prefix: string;
}) {
  const values = failure?.values;
  return (
    <>
      <Field
        name="image"
        id={`${prefix}-image`}
        label="Picture"
        type="file"
        accept={IMAGE_UPLOAD_ACCEPT}
        required={!slide}
        optional={Boolean(slide)}
        hint={
          slide
            ? "Choose one only to replace the picture. JPEG, PNG or WebP, at most 10 MB."
            : "JPEG, PNG or WebP, at most 10 MB, at least 200 px each way. Wide pictures suit the desktop banner (1600 x 600); the phone's (800 x 1000) is cut from the middle."
        }
        error={failure?.errors.image}
      />
      <Field
        name="image_mobile"
        id={`${prefix}-image_mobile`}
        label="Phone picture"
        type="file"
        accept={IMAGE_UPLOAD_ACCEPT}
        optional
        hint={
          slide
            ? "Choose one only to replace the phone's picture; a new picture above without one replaces both."
            : "A tall picture of its own for phones (800 x 1000); without one, the phone's is cut from the picture above."
        }
        error={failure?.errors.image_mobile}
      />
      <Field
        name="url"
        id={`${prefix}-url`}
        label="Link"
        required
        maxLength={500}
        hint="Where the slide leads, in a new tab: a shop page such as /shop/handbags, or https://…"
        defaultValue={values?.url ?? slide?.url ?? ""}
        error={failure?.errors.url}
      />
      <Field
        name="title"
        id={`${prefix}-title`}
        label="Title"
        optional
        maxLength={150}
        hint="For you: what the slide shows."
        defaultValue={values?.title ?? slide?.title ?? ""}
        error={failure?.errors.title}
      />
      <div className="form-row">
        <Field
          name="starts_at"
          id={`${prefix}-starts`}
          label="Shows from"
          type="datetime-local"
          optional
          hint="Pakistan time. Empty: at once."
          defaultValue={values?.starts_at ?? shopLocalInput(slide?.starts_at ?? null)}
          error={failure?.errors.starts_at}
        />
        <Field
          name="ends_at"
          id={`${prefix}-ends`}
          label="Shows until"
          type="datetime-local"
          optional
          hint="Empty: no end."
          defaultValue={values?.ends_at ?? shopLocalInput(slide?.ends_at ?? null)}
          error={failure?.errors.ends_at}
        />
      </div>
    </>
  );
}

export function SlidersSection({
  slides,
  editId,
  actionData,
  busy,
}: {
  slides: AdminSlider[];
  editId: string;
  actionData: CatalogueFailure | undefined;
  busy: boolean;
}) {
  const editing = slides.find((slide) => String(slide.id) === editId);
  const create = failureOf(actionData, "create");
  const update = editing ? failureOf(actionData, "update", String(editing.id)) : undefined;
  const rowFailure = actionData && ["delete", "move"].includes(actionData.intent) ? actionData : undefined;
  return (
    <>
      {editing && (
        <SectionForm
          title={`Edit slide ${slides.indexOf(editing) + 1}`}
          intent="update"
          id={editing.id}
          failure={update}
          busy={busy}
          submitLabel="Save slide"
          multipart
        >
          <img className="catalogue-slide-preview" src={editing.image} alt="" width={1600} height={600} />
          <SlideFields slide={editing} failure={update} prefix="edit" />
        </SectionForm>
      )}
      <section className="admin-card" aria-labelledby="slides-title">
        <h2 id="slides-title" className="admin-card__title">
          Slides in the order they play
        </h2>
        {rowFailure && (
          <p className="form-alert form-alert--error" role="alert">
            {rowFailure.message}
          </p>
        )}
        {slides.length === 0 ? (
          <p>No slides: the home page shows no banner.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards catalogue-table">
              <thead>
                <tr>
                  <th scope="col">Slide</th>
                  <th scope="col">Link</th>
                  <th scope="col">Shows</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {slides.map((slide, index) => (
                  <tr key={slide.id} id={`row-${slide.id}`}>
                    <th scope="row" className="admin-wrap" data-label="Slide">
                      <span className="catalogue-slide">
                        <img src={slide.image_mobile} alt="" width={48} height={60} loading="lazy" />
                        <span>
                          {index + 1}. {slide.title || "Untitled slide"}
                        </span>
                      </span>
                    </th>
                    <td data-label="Link" className="admin-wrap">
                      {slide.url}
                    </td>
                    <td data-label="Shows">
                      <span className={`admin-badge${slide.showing ? " admin-badge--info" : ""}`}>
                        {slide.showing ? "Showing now" : "Not showing"}
                      </span>
                      <span className="admin-sub">{when(slide)}</span>
                    </td>
                    <td>
                      <RowActions
                        id={slide.id}
                        name={slide.title || `slide ${index + 1}`}
                        ordered
                        first={index === 0}
                        last={index === slides.length - 1}
                        busy={busy}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <SectionForm
        title="Add a slide"
        intent="create"
        failure={create}
        busy={busy}
        submitLabel="Add slide"
        multipart
      >
        <SlideFields failure={create} prefix="new" />
      </SectionForm>
    </>
  );
}
