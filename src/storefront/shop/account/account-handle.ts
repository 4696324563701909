/** An account page names its banner title in its `handle`; the account layout shows it. */
export interface AccountHandle {
  accountTitle: string;
}

export function accountTitleOf(handles: unknown[]): string {
  for (const handle of [...handles].reverse()) {
    if (handle && typeof handle === "object" && "accountTitle" in handle) {
      return String((handle as AccountHandle).accountTitle);
    }
  }
  return "My account";
}
