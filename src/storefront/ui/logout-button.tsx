import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useToast } from "./toast.tsx";

/** What the logout route's client action answers when the request got no answer from the shop. */
export interface LogoutFailure {
  message: string;
}

/**
 * Logout through a fetcher: success follows the action's redirect home (a plain form POST before JavaScript);
 * a request that fails leaves the shopper where they were, still signed in, with a toast saying why.
 * `name` keeps the header's and the account menu's buttons apart, so one failure toasts once.
 */
export function LogoutButton({ name, className }: { name: string; className: string }) {
  const fetcher = useFetcher<LogoutFailure>({ key: `logout-${name}` });
  const { show } = useToast();
  const announced = useRef<LogoutFailure | undefined>(undefined);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || announced.current === fetcher.data) return;
    announced.current = fetcher.data;
    show(fetcher.data.message, "error");
  }, [fetcher.state, fetcher.data, show]);

  return (
    <fetcher.Form method="post" action="/logout">
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        Logout
      </button>
    </fetcher.Form>
  );
}
