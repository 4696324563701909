/** What a newsletter sign-up answers the footer (and the /newsletter page): the outcome and its sentence. */
export interface SubscribeResult {
  ok: boolean;
  message: string;
}
