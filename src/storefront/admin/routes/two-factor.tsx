import { data, Form, Link, redirect } from "react-router";
import type { TwoFactorSetup } from "../../../shared/contracts/two-factor.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import shopStyles from "../../styles/shop.css?url";
import { formatDate } from "../../ui/format.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import type { LayoutHandle } from "../../ui/site.ts";
import { adminMeta } from "../admin-meta.ts";
import { twoFactorVerifyHref } from "../admin-session.server.ts";
import adminStyles from "../styles/admin.css?url";
import twoFactorStyles from "../styles/two-factor.css?url";
import { TwoFactorFrame } from "../two-factor/two-factor-frame.tsx";
import { afterTwoFactor, requireTwoFactorStatus } from "../two-factor/two-factor-session.server.ts";
import type { Route } from "./+types/two-factor";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: pageStyles },
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: twoFactorStyles },
];

export const handle: LayoutHandle = { showHeader: false, showFooter: false };

export const meta: Route.MetaFunction = () => adminMeta("Two-factor sign-in");

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

/** What a step of the page answered: the key to scan, the recovery codes (this once), or a refusal. */
type TwoFactorResult =
  | { step: "scan"; setup: TwoFactorSetup; message: string; error: string }
  | { step: "codes"; codes: string[] }
  | { step: "off"; message: string }
  | { step: "failed"; intent: string; message: string; errors: Record<string, string> };

/** A session that owes its code goes to the code page first: this page never replaces a key without it. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const status = await requireTwoFactorStatus(context.get(apiContext), url);
  const given = url.searchParams.get("redirect");
  if (status.session === "code_needed") throw redirect(twoFactorVerifyHref(afterTwoFactor(given)));
  return { status };
}

export async function action({ context, request }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const failed = (status: number, message: string, errors?: Record<string, string[]>) =>
    data<TwoFactorResult>(
      { step: "failed", intent, message, errors: firstErrors(errors) },
      { status: failureStatus(status) },
    );

  if (intent === "start" || intent === "confirm") {
    let refusal = { message: "", error: "" };
    let status = 200;
    if (intent === "confirm") {
      const confirmed = await api.call("adminTwoFactorConfirm", { body: { code: formText(form, "code") } });
      if (confirmed.ok) return data<TwoFactorResult>({ step: "codes", codes: confirmed.data.recovery_codes });
      const fieldError = firstErrors(confirmed.data.errors).code ?? "";
      refusal = { message: fieldError ? "" : confirmed.data.message, error: fieldError };
      status = failureStatus(confirmed.status);
    }
    // The key waiting for its first code is shown again (the same one: the app may already hold it).
    const setup = await api.call("adminTwoFactorSetup");
    if (!setup.ok) return failed(setup.status, setup.data.message, setup.data.errors);
    return data<TwoFactorResult>({ step: "scan", setup: setup.data, ...refusal }, { status });
  }
  if (intent === "saved") {
    // The recovery codes were saved: on to the page the member was going to.
    return redirect(afterTwoFactor(new URL(request.url).searchParams.get("redirect")));
  }
  if (intent === "disable") {
    const off = await api.call("adminTwoFactorDisable", {
      body: { code: formText(form, "code"), current_password: formText(form, "current_password") },
    });
    if (!off.ok) return failed(off.status, off.data.message, off.data.errors);
    return data<TwoFactorResult>({ step: "off", message: off.data.message });
  }
  throw data({ message: "This form cannot be handled." }, { status: 400 });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): TwoFactorResult => ({
      step: "failed",
      intent: formText(form, "intent"),
      message: submissionMessage(failure, "The change could not be made. Please try again."),
      errors: {},
    }),
  );
}

/** The key in groups of four, as apps ask for it when typed by hand. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(" ") ?? key;

/** A data: address for the QR code's SVG (an image, so the SVG can never run anything in the page). */
const svgSource = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** Setting up, keeping or turning off two-factor sign-in for one's own account. */
export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  if (actionData?.step === "codes") return <RecoveryCodes codes={actionData.codes} />;
  if (actionData?.step === "scan") return <Scan result={actionData} />;
  const lead = status.enabled
    ? "Signing in to the back office asks for a code from your authenticator app after your password."
    : "Protect your back-office account: after your password, signing in will also ask for a 6-digit code from an authenticator app on your phone.";
  return (
    <TwoFactorFrame title="Two-factor sign-in" lead={lead}>
      {actionData?.step === "off" && <FormAlert kind="success">{actionData.message}</FormAlert>}
      {status.enabled ? (
        <Enabled
          enabledAt={status.enabled_at}
          codesLeft={status.recovery_codes_left}
          required={status.required}
          failure={actionData?.step === "failed" ? actionData : undefined}
        />
      ) : (
        <Start
          required={status.required}
          failure={actionData?.step === "failed" ? actionData.message : undefined}
        />
      )}
    </TwoFactorFrame>
  );
}

function Start({ required, failure }: { required: boolean; failure: string | undefined }) {
  const starting = useSubmitting("start");
  return (
    <section className="admin-card" aria-labelledby="start-title">
      <h2 id="start-title" className="admin-card__title">
        Set up your authenticator app
      </h2>
      <div className="form-stack">
        {required && (
          <FormAlert kind="error" title="Required by the shop's owner">
            Set up two-factor sign-in to open the back office.
          </FormAlert>
        )}
        {failure && <FormAlert kind="error">{failure}</FormAlert>}
        <ol className="two-factor__steps">
          <li>
            Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
            1Password…).
          </li>
          <li>Scan the QR code the next step shows, or type its key.</li>
          <li>Enter the 6-digit code the app shows, and save your recovery codes.</li>
        </ol>
        <Form method="post">
          <input type="hidden" name="intent" value="start" />
          <button type="submit" className="button" disabled={starting}>
            {starting ? "Starting..." : "Set up two-factor sign-in"}
          </button>
        </Form>
      </div>
    </section>
  );
}

function Scan({ result }: { result: Extract<TwoFactorResult, { step: "scan" }> }) {
  const confirming = useSubmitting("confirm");
  const { setup } = result;
  return (
    <TwoFactorFrame
      title="Scan the QR code"
      lead="Open your authenticator app, add an account, and scan this code. Then enter the 6-digit code the app shows."
    >
      <section className="admin-card" aria-labelledby="scan-title">
        <h2 id="scan-title" className="admin-card__title">
          Add this shop to your app
        </h2>
        <div className="two-factor__scan">
          <img
            className="two-factor__qr"
            src={svgSource(setup.qr_svg)}
            width={200}
            height={200}
            alt="QR code to scan with your authenticator app"
          />
          <div className="form-stack">
            <p>
              Cannot scan? Enter this key in the app instead (time-based, 6 digits):
              <code className="two-factor__key" data-testid="two-factor-key">
                {grouped(setup.secret)}
              </code>
            </p>
            <Form method="post" className="form-stack" aria-busy={confirming}>
              {result.message && <FormAlert kind="error">{result.message}</FormAlert>}
              <input type="hidden" name="intent" value="confirm" />
              <Field
                name="code"
                label="6-digit code from the app"
                className="two-factor__code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                required
                error={result.error || undefined}
              />
              <button type="submit" className="button" disabled={confirming}>
                {confirming ? "Checking..." : "Turn on two-factor sign-in"}
              </button>
            </Form>
          </div>
        </div>
      </section>
    </TwoFactorFrame>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <TwoFactorFrame
      title="Save your recovery codes"
      lead="Two-factor sign-in is on. If you lose your phone, each of these codes lets you sign in once. They are shown only now."
    >
      <section className="admin-card" aria-labelledby="codes-title">
        <h2 id="codes-title" className="admin-card__title">
          Your recovery codes
        </h2>
        <div className="form-stack">
          <ul className="two-factor__codes" aria-label="Recovery codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <p className="admin-page__lead">
            Print them or write them down, and keep them somewhere safe away from your phone. Only their
            fingerprints are kept by the shop: nobody can show them to you again.
          </p>
          <Form method="post" className="form-stack">
            <input type="hidden" name="intent" value="saved" />
            <label className="checkbox">
              <input type="checkbox" name="saved" required />
              <span>I have saved these recovery codes somewhere safe.</span>
            </label>
            <button type="submit" className="button">
              Continue to the back office
            </button>
          </Form>
        </div>
      </section>
    </TwoFactorFrame>
  );
}

function Enabled({
  enabledAt,
  codesLeft,
  required,
  failure,
}: {
  enabledAt: string | null;
  codesLeft: number;
  required: boolean;
  failure: Extract<TwoFactorResult, { step: "failed" }> | undefined;
}) {
  const disabling = useSubmitting("disable");
  return (
    <>
      <section className="admin-card" aria-labelledby="on-title">
        <h2 id="on-title" className="admin-card__title">
          Two-factor sign-in is on
        </h2>
        <dl className="admin-dl">
          <dt>Since</dt>
          <dd>{enabledAt ? formatDate(enabledAt) : "—"}</dd>
          <dt>Recovery codes left</dt>
          <dd>
            {`${codesLeft} of 10${codesLeft <= 3 ? " — turn two-factor sign-in off and on again for new ones" : ""}`}
          </dd>
        </dl>
        <p>
          <Link to="/admin" className="button button--outline">
            Back to the dashboard
          </Link>
        </p>
      </section>
      <section className="admin-card" aria-labelledby="off-title">
        <h2 id="off-title" className="admin-card__title">
          Turn it off
        </h2>
        <Form method="post" className="form-stack" aria-busy={disabling}>
          {failure && !failure.errors.code && !failure.errors.current_password && (
            <FormAlert kind="error">{failure.message}</FormAlert>
          )}
          {required && (
            <p className="admin-page__lead">
              The shop's owner requires two-factor sign-in: you will be asked to set it up again before the
              back office opens (to move to a new phone, for instance).
            </p>
          )}
          <input type="hidden" name="intent" value="disable" />
          <Field
            name="code"
            id="off-code"
            label="A code from your app"
            className="two-factor__code"
            autoComplete="one-time-code"
            optional
            maxLength={40}
            error={failure?.errors.code}
          />
          <Field
            name="current_password"
            id="off-password"
            label="…or your password"
            type="password"
            autoComplete="current-password"
            optional
            error={failure?.errors.current_password}
          />
          <button type="submit" className="button button--danger" disabled={disabling}>
            {disabling ? "Turning off..." : "Turn off two-factor sign-in"}
          </button>
        </Form>
      </section>
    </>
  );
}
