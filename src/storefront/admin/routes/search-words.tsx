import { data, Form, redirect } from "react-router";
import type { SynonymGroup } from "../../../shared/contracts/search.ts";
import { SYNONYM_LIMITS } from "../../../shared/contracts/search.ts";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import type { Route } from "./+types/search-words";

/**
 * Search words (docs/decisions/0060-search-words.md): the words shoppers type that the catalogue names otherwise,
 * one a line ("batwa: wallet, purse"), edited by staff and owners; search follows on save.
 */
export const meta: Route.MetaFunction = () => adminMeta("Search words");

export async function loader({ context, url }: Route.LoaderArgs) {
  const { synonyms } = answerOrThrow(await context.get(apiContext).call("adminSearchSynonyms"));
  return { synonyms, saved: url.searchParams.get("done") === "saved" };
}

const FIELD = "synonyms";

/** The list as the textarea shows it: "word: alternative, alternative" a line. */
const linesOf = (synonyms: readonly SynonymGroup[]) =>
  synonyms.map(({ word, alternatives }) => `${word}: ${alternatives.join(", ")}`).join("\n");

/** The textarea's lines as the API takes them, with each entry's line number (blank lines are skipped). */
function groupsOf(text: string) {
  const groups: SynonymGroup[] = [];
  const lines: number[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const colon = line.indexOf(":");
    const word = colon < 0 ? line : line.slice(0, colon).trim();
    const rest = colon < 0 ? "" : line.slice(colon + 1);
    groups.push({
      word,
      alternatives: rest
        .split(",")
        .map((alternative) => alternative.trim())
        .filter(Boolean),
    });
    lines.push(index + 1);
  }
  return { groups, lines };
}

/** The API's first error, named by its line ("synonyms.2.word" is the third entry's line). */
function lineError(errors: Record<string, string[]> | undefined, lines: number[]): string | undefined {
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const [, entry] = path.split(".");
    const line = entry === undefined ? undefined : lines[Number(entry)];
    if (messages[0]) return line === undefined ? messages[0] : `Line ${line}: ${messages[0]}`;
  }
  return undefined;
}

interface Failure {
  message: string;
  error: string | undefined;
  text: string;
}

const NOT_SAVED = "The search words were not saved. Please try again.";

export async function action({ context, request }: Route.ActionArgs) {
  const text = formText(await readForm(request), FIELD);
  const { groups, lines } = groupsOf(text);
  const answer = await context
    .get(apiContext)
    .call("adminUpdateSearchSynonyms", { body: { synonyms: groups } });
  if (answer.ok) return redirect("/admin/search-words?done=saved", 303);
  const failure: Failure = {
    message: answer.data.message || NOT_SAVED,
    error: lineError(answer.data.errors, lines),
    text,
  };
  return data(failure, { status: failureStatus(answer.status) });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): Failure => ({
      message: submissionMessage(failure, NOT_SAVED),
      error: undefined,
      text: formText(form, FIELD),
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminSearchWords({ loaderData, actionData }: Route.ComponentProps) {
  const { synonyms, saved } = loaderData;
  const submitting = useSubmitting();
  const error = actionData?.error;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Search words</h1>
      </div>
      <p className="admin-page__lead">
        Words shoppers type that your products are not named by. A search for the word also finds its other
        words: “batwa” finds the wallets. Search follows as soon as you save.
      </p>
      {saved && <FormAlert kind="success">The search words are saved.</FormAlert>}
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="search-words-title">
        <h2 className="admin-card__title" id="search-words-title">
          Words and what they find
        </h2>
        <Form method="post" className="form-stack admin-settings-form">
          <div className={`field${error ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor="field-synonyms">
              Search words
            </label>
            <textarea
              id="field-synonyms"
              name={FIELD}
              className="field__input admin-search-words__input"
              rows={14}
              spellCheck={false}
              defaultValue={actionData?.text ?? linesOf(synonyms)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`field-synonyms-hint${error ? " field-synonyms-error" : ""}`}
            />
            <p className="field__hint" id="field-synonyms-hint">
              One word a line, then a colon and the words it should also find, with commas: “batwa: wallet,
              purse”. At most {SYNONYM_LIMITS.words} words, {SYNONYM_LIMITS.alternatives} each.
            </p>
            {error && (
              <p className="field__error" id="field-synonyms-error">
                {error}
              </p>
            )}
          </div>
          <div>
            <button type="submit" className="button" disabled={submitting}>
              Save search words
            </button>
          </div>
        </Form>
      </section>

      {synonyms.length > 0 && (
        <section className="admin-card" aria-labelledby="search-words-try">
          <h2 className="admin-card__title" id="search-words-try">
            Try them
          </h2>
          <ul className="admin-search-words__try">
            {synonyms.map(({ word }) => (
              <li key={word}>
                <a href={`/shop?search=${encodeURIComponent(word)}`} target="_blank" rel="noreferrer">
                  {word}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
