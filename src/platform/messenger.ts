import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { MessengerSettings } from "./config.ts";
import { smsMessenger } from "./messenger-sms.ts";
import { whatsappMessenger } from "./messenger-whatsapp.ts";

/**
 * Messages to a customer's phone (docs/decisions/0044-messages.md), as `mail.ts` is mail: one interface, and the
 * driver MESSENGER chooses. `file` (the default) writes each message as a JSON file in DATA_DIR/messages, as the
 * mail default writes `.eml` files; `sms` sends through Twilio's Programmable Messaging API
 * (messenger-sms.ts); `whatsapp` sends template messages through the WhatsApp Business Cloud API
 * (messenger-whatsapp.ts). Each adapter has a simulator (messenger-simulators.ts) that tests use instead of the
 * real service. The message outbox (api/messages/message-outbox.ts) is the only caller.
 */

export type MessageChannel = "sms" | "whatsapp";

export interface MessageTemplate {
  /** The approved template's name ("order_shipped"). */
  name: string;
  /** Its language code as approved ("en", "en_US", "ur"). */
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  parameters: string[];
}

export interface OutgoingMessage {
  channel: MessageChannel;
  /** The phone in E.164, such as +923001234567. */
  to: string;
  /** The message as plain text (an SMS's body; what a WhatsApp template says, for the record). */
  text: string;
  /** The order number it is about. */
  order?: string | undefined;
  /** The WhatsApp template and its parameters (WhatsApp starts a conversation only with a template). */
  template?: MessageTemplate | undefined;
}

export interface Messenger {
  /**
   * Sends one message; answers the provider's id for it. Throws an Error carrying the provider's own words
   * when it refuses, fails (5xx), answers something that is not its JSON, or gives no answer in time.
   */
  send(message: OutgoingMessage, options?: { signal?: AbortSignal }): Promise<{ providerId?: string }>;
}

/** Builds the configured driver (config.ts has checked that a chosen provider has its credentials). */
export function createMessenger(settings: MessengerSettings): Messenger {
  if (settings.driver === "sms") return smsMessenger(settings.sms);
  if (settings.driver === "whatsapp") return whatsappMessenger(settings.whatsapp);
  return fileMessenger(settings.dir);
}

/** Counts the file messenger's messages, so two written in the same millisecond still sort in order. */
let fileSequence = 0;

/**
 * Writes each message to `dir` as one JSON file (channel, to, text, order, template, at), named so that a listing
 * sorts by time. Written to a temporary name and renamed, so a reader never sees half a message.
 */
export function fileMessenger(dir: string): Messenger {
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const at = new Date();
      // Within one millisecond this process's count keeps the order; the random half keeps names apart between processes.
      fileSequence = (fileSequence + 1) % 0x10000;
      const unique = `${fileSequence.toString(16).padStart(4, "0")}${randomUUID().slice(0, 4)}`;
      const name = `${at.toISOString().replace(/[:.]/g, "-")}-${unique}.json`;
      const record = {
        channel: message.channel,
        to: message.to,
        text: message.text,
        order: message.order ?? null,
        template: message.template ?? null,
        at: at.toISOString(),
      };
      const temporary = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`);
      await fs.rename(temporary, path.join(dir, name));
      return { providerId: name };
    },
  };
}
