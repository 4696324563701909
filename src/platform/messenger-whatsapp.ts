import type { WhatsappSettings } from "./config.ts";
import type { Messenger } from "./messenger.ts";
import { callProvider, field, missingId, refusal } from "./messenger-http.ts";

/**
 * Template messages through the WhatsApp Business Cloud API (Meta): a business may start a conversation with a
 * customer only with a template approved beforehand, so every message the shop sends is one
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates).
 *
 * - `POST {base}/{phone-number-id}/messages`, base https://graph.facebook.com/v21.0 (the Graph API version is part
 *   of it) (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages);
 * - `Authorization: Bearer {access token}`;
 * - a JSON body `{ messaging_product: "whatsapp", to, type: "template", template: { name, language: { code },
 *   components: [{ type: "body", parameters: [{ type: "text", text }] }] } }`, `to` the phone's digits;
 * - success is 200 with `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`, the id a
 *   "wamid…"; an error is a 4xx or 5xx with `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`
 *   (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes), whose message, details and code
 *   the thrown Error carries.
 */
export function whatsappMessenger(settings: WhatsappSettings): Messenger {
  const url = `${settings.apiUrl.replace(/\/$/, "")}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    async send(message, { signal } = {}) {
      const template = message.template;
      if (!template) {
        throw new Error(
          "WhatsApp starts a conversation only with an approved template; this message has none.",
        );
      }
      const answer = await callProvider(
        "WhatsApp",
        url,
        {
          method: "POST",
          headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to: message.to.replace(/^\+/, ""),
            type: "template",
            template: {
              name: template.name,
              language: { code: template.language },
              components:
                template.parameters.length > 0
                  ? [
                      {
                        type: "body",
                        parameters: template.parameters.map((text) => ({ type: "text", text })),
                      },
                    ]
                  : [],
            },
          }),
        },
        { signal },
      );
      if (!answer.ok) {
        const error = field(answer.body, "error");
        throw refusal("WhatsApp", answer, {
          message: field(error, "message"),
          code: field(error, "code"),
          details: field(field(error, "error_data"), "details"),
        });
      }
      const messages = field(answer.body, "messages");
      const id = Array.isArray(messages) ? field(messages[0], "id") : undefined;
      if (typeof id !== "string") throw missingId("WhatsApp", answer);
      return { providerId: id };
    },
  };
}
