import { useLocation, useNavigation } from "react-router";

/**
 * True while a form on this page is being posted and until the page it leads to has loaded, so its button can
 * show progress and refuse a second click. `intent` narrows it to one of several forms on the page.
 */
export function useSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (
    navigation.state === "idle" ||
    !navigation.formMethod ||
    navigation.formMethod.toUpperCase() === "GET"
  ) {
    return false;
  }
  const action = navigation.formAction ? new URL(navigation.formAction, "http://localhost").pathname : "";
  if (action !== location.pathname) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
