import { data } from "react-router";
import { NEWSLETTER_MESSAGES } from "../../../shared/newsletter.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { failureStatus } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { NewsletterCard } from "../newsletter/newsletter-card.tsx";
import type { Route } from "./+types/newsletter-confirm";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Confirm your subscription | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

interface ConfirmOutcome {
  confirmed: boolean;
  message: string;
  email: string;
}

/**
 * The link in the confirmation mail (`/newsletter/confirm?token=...`) confirms on opening. The API answers a
 * link opened again the same (so a reload or a second click is fine) and explains a link that is not valid or
 * has expired.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  if (token === "") {
    const outcome: ConfirmOutcome = {
      confirmed: false,
      message: NEWSLETTER_MESSAGES.confirmInvalid,
      email: "",
    };
    return data(outcome, { status: 400 });
  }
  const response = await context.get(apiContext).call("confirmNewsletter", { body: { token } });
  if (response.ok) {
    const outcome: ConfirmOutcome = {
      confirmed: true,
      message: response.data.message,
      email: response.data.email,
    };
    return outcome;
  }
  const outcome: ConfirmOutcome = {
    confirmed: false,
    message: response.data.message || "Something went wrong. Please open the link again in a moment.",
    email: "",
  };
  return data(outcome, { status: failureStatus(response.status) });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <NewsletterCard title={loaderData.confirmed ? "Subscription confirmed" : "Subscription not confirmed"}>
      {loaderData.confirmed ? (
        <>
          <FormAlert kind="success">{loaderData.message}</FormAlert>
          <p className="auth-card__intro">
            Our newsletter goes to <strong className="newsletter-email">{loaderData.email}</strong>. Every
            issue has a link to unsubscribe in one click.
          </p>
        </>
      ) : (
        <FormAlert kind="error">{loaderData.message}</FormAlert>
      )}
    </NewsletterCard>
  );
}
