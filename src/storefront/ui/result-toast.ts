import { useEffect, useRef } from "react";
import { useToast } from "./toast.tsx";

/** What a page's action answers a form: whether it worked, and the words for the shopper. */
export interface SubmissionResult {
  ok: boolean;
  message: string;
}

/**
 * Toasts each answer a fetcher gets, once, when it is complete (the page's data read again after it): a success
 * or an error toast with the answer's message. `onAnswer` sees each answer first and may return false to keep it
 * quiet (one the page announces itself).
 */
export function useResultToast<Result extends SubmissionResult>(
  fetcher: { state: string; data?: Result },
  onAnswer?: (result: Result) => boolean | undefined,
) {
  const { show } = useToast();
  const announced = useRef<Result | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || announced.current === fetcher.data) return;
    announced.current = fetcher.data;
    if (onAnswer?.(fetcher.data) === false) return;
    show(fetcher.data.message, fetcher.data.ok ? "success" : "error");
  }, [fetcher.state, fetcher.data, show, onAnswer]);
}
