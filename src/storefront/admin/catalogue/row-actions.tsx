import { Form, Link } from "react-router";

/**
 * A row's buttons: Edit (a link to `?edit=<id>`), Move up / Move down for ordered lists, and Delete behind a
 * confirmation (a `<details>` with the real button inside), all plain forms that work without JavaScript.
 */
export function RowActions({
  id,
  name,
  first,
  last,
  ordered = false,
  busy,
}: {
  id: number;
  name: string;
  first?: boolean;
  last?: boolean;
  ordered?: boolean;
  busy: boolean;
}) {
  return (
    <div className="catalogue-actions">
      <Link
        className="button button--outline button--small"
        to={`?edit=${id}#edit`}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
      {ordered && (
        <Form method="post" className="catalogue-actions__move" preventScrollReset>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={id} />
          <button
            type="submit"
            name="direction"
            value="up"
            className="button button--outline button--small"
            disabled={first || busy}
            aria-label={`Move ${name} up`}
          >
            ↑
          </button>
          <button
            type="submit"
            name="direction"
            value="down"
            className="button button--outline button--small"
            disabled={last || busy}
            aria-label={`Move ${name} down`}
          >
            ↓
          </button>
        </Form>
      )}
      <details className="catalogue-delete">
        <summary className="button button--outline button--small admin-danger-button">Delete</summary>
        <Form method="post" className="admin-confirm catalogue-delete__confirm" preventScrollReset>
          <p className="admin-confirm__title">Delete “{name}”?</p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <div className="admin-confirm__actions">
            <button type="submit" className="button admin-danger-button--solid" disabled={busy}>
              Delete
            </button>
          </div>
        </Form>
      </details>
    </div>
  );
}
