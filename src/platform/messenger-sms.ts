import type { SmsSettings } from "./config.ts";
import type { Messenger } from "./messenger.ts";
import { callProvider, field, missingId, refusal } from "./messenger-http.ts";

/**
 * SMS through Twilio's Programmable Messaging REST API, which sends to Pakistani mobiles
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 *
 * - `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, base https://api.twilio.com;
 * - HTTP Basic authentication, the Account SID as user name and the Auth Token as password
 *   (https://www.twilio.com/docs/usage/requests-to-twilio);
 * - a form-encoded body: `To` (E.164), `Body`, and `From` (a Twilio number or an alphanumeric sender id) or
 *   `MessagingServiceSid` (an "MG…" id, which picks the sender itself);
 * - success is 201 with the Message resource, whose `sid` ("SM…") is its id; an error is a 4xx or 5xx with
 *   `{ code, message, more_info, status }` (https://www.twilio.com/docs/usage/twilios-response), whose `message`
 *   and `code` the thrown Error carries.
 */
export function smsMessenger(settings: SmsSettings): Messenger {
  const url = `${settings.apiUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  const sender = settings.from.startsWith("MG") ? "MessagingServiceSid" : "From";
  return {
    async send(message, { signal } = {}) {
      const form = new URLSearchParams({ To: message.to, [sender]: settings.from, Body: message.text });
      const answer = await callProvider(
        "Twilio",
        url,
        {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: form.toString(),
        },
        { signal },
      );
      if (!answer.ok) {
        throw refusal("Twilio", answer, {
          message: field(answer.body, "message"),
          code: field(answer.body, "code"),
        });
      }
      const sid = field(answer.body, "sid");
      if (typeof sid !== "string") throw missingId("Twilio", answer);
      return { providerId: sid };
    },
  };
}
