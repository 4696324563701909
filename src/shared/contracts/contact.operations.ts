import { contactFormSchema, contactMessageSchema } from "./contact.ts";
import { messageSchema, type Operation } from "./contract.ts";

/** The contact form. Spread into `operations` (operations.ts). */
export const contactOperations = {
  getContactForm: {
    method: "GET",
    path: "/contact/form",
    summary:
      "A fresh contact form token: send it back with the message (a message sent within seconds of it is taken for a robot's)",
    tag: "Contact",
    auth: "none",
    status: 200,
    response: contactFormSchema,
    errors: [],
  },
  sendContactMessage: {
    method: "POST",
    path: "/contact",
    summary:
      "Send a message to the shop: stored, mailed to the shop's inbox and acknowledged to the sender by email (rate-limited per client address and per email)",
    tag: "Contact",
    auth: "optional",
    body: contactMessageSchema,
    status: 201,
    response: messageSchema,
    errors: [400, 401, 422, 429],
  },
} as const satisfies Record<string, Operation>;
