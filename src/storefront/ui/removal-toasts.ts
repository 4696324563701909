import { useEffect, useMemo, useRef } from "react";
import { useToast } from "./toast.tsx";

/** What a list's rows tell the page about removals they sent. */
export interface Removals {
  requested(id: number): void;
  refused(id: number): void;
}

/**
 * Remembers which rows the shopper asked to remove and says `message` once each is gone from `rows` (the list as
 * the server now has it). A removed row (and, for the last one, the whole list) is gone by the time the answer is
 * in, so the page, which stays, says it worked; a refusal is the row's own to report.
 */
export function useRemovalToasts(
  rows: readonly { id: number }[] | null | undefined,
  message: string,
): Removals {
  const { show } = useToast();
  const removing = useRef(new Set<number>());
  useEffect(() => {
    const present = new Set(rows?.map((row) => row.id));
    for (const id of removing.current) {
      if (present.has(id)) continue;
      removing.current.delete(id);
      show(message);
    }
  }, [rows, show, message]);
  return useMemo(
    () => ({
      requested: (id: number) => removing.current.add(id),
      refused: (id: number) => removing.current.delete(id),
    }),
    [],
  );
}
