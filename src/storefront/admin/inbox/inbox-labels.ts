import type { ContactMessageStatus } from "../../../shared/inbox.ts";

/** The inbox's states as the back office names and marks them. */
export const MESSAGE_STATUS_NAMES: Record<ContactMessageStatus, string> = {
  new: "New",
  answered: "Answered",
  closed: "Closed",
};

export const MESSAGE_STATUS_BADGES: Record<ContactMessageStatus, string> = {
  new: "admin-badge admin-badge--warning",
  answered: "admin-badge admin-badge--success",
  closed: "admin-badge",
};
