import { z } from "zod";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "../contact-form.ts";
import { HONEYPOT_FIELD } from "../honeypot.ts";
import { emailField, honeypotField, optionalText, requiredText } from "./fields.ts";

/** Name and subject go into mail headers: any run of white space (a line break too) becomes one space. */
const oneLine = (value: string) => value.replace(/\s+/g, " ");

export const contactMessageSchema = z.object({
  name: requiredText("name", CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.name).transform(oneLine),
  email: emailField({ required: CONTACT_MESSAGES.emailRequired, invalid: CONTACT_MESSAGES.emailInvalid }),
  subject: optionalText("subject", CONTACT_LIMITS.subject).transform(oneLine),
  message: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? CONTACT_MESSAGES.messageRequired
          : "The message must be text.",
    })
    .trim()
    .min(1, { message: CONTACT_MESSAGES.messageRequired, abort: true })
    .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_LIMITS.message, `The message may not be greater than ${CONTACT_LIMITS.message} characters.`)
    .refine((value) => !value.includes("\u0000"), "The message contains a character that is not allowed."),
  form_token: z
    .string({ error: CONTACT_MESSAGES.formOutOfDate })
    .min(1, CONTACT_MESSAGES.formOutOfDate)
    .max(200, CONTACT_MESSAGES.formOutOfDate)
    .describe("The `form_token` of GET /contact/form, as it was issued."),
  [HONEYPOT_FIELD]: honeypotField(),
});

export const contactFormSchema = z.object({
  form_token: z
    .string()
    .describe(
      "Send it back with the message. It records when the form was issued (signed by the shop); a message sent " +
        "within seconds of it was not typed by a person.",
    ),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;
export type ContactMessageFields = z.input<typeof contactMessageSchema>;
