export interface AccountFormResult {
  intent: "profile" | "password";
  ok: boolean;
  message: string;
  errors: Record<string, string>;
}
