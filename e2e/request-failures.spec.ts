import type { Page } from "@playwright/test";
import { expect, fillCheckout, hydrate, test, uniqueEmail, type Variant } from "./fixtures.ts";

// Spec section 8: when a request from the browser fails (no connection, a proxy's error page instead of the
// shop's answer) or is slow, the page stays, optimistic changes roll back, what the shopper typed is kept and
// the spec's message shows. Each form's submission is intercepted once on its way to the page's action
// (`<page>.data`, the request React Router sends with JavaScript on).

type Failure = "abort" | "html500" | "slow";

const CONNECTION_FAILED = "Failed to connect to server. Please try again.";
const SLOW_MS = 1500;

/**
 * While `steps` run, the next POST to `pagePath`'s action is held back, or answered by a proxy's HTML error page;
 * or the network is down: that POST and every data request after it fail (so a reload of the page's data after
 * the failure fails too, as it would for a shopper).
 */
async function whileFailing(page: Page, pagePath: string, failure: Failure, steps: () => Promise<void>) {
  let used = false;
  const matcher = (url: URL) => url.pathname.endsWith(".data");
  await page.route(matcher, async (route) => {
    const isTheSubmission =
      route.request().method() === "POST" && new URL(route.request().url()).pathname === `${pagePath}.data`;
    if (failure === "abort" && (used || isTheSubmission)) {
      used = true;
      return route.abort("connectionrefused");
    }
    if (used || !isTheSubmission) return route.fallback();
    used = true;
    if (failure === "html500") {
      return route.fulfill({
        status: 500,
        contentType: "text/html",
        body: "<!doctype html><html><body><h1>500 Internal Server Error</h1><hr>nginx</body></html>",
      });
    }
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return route.fallback();
  });
  try {
    await steps();
  } finally {
    await page.unroute(matcher);
  }
}

/** The toast with exactly this text appears; it is closed again so the next step starts with none. */
async function expectToast(page: Page, message: string) {
  const toast = page.locator(".toast").filter({ has: page.getByText(message, { exact: true }) });
  await expect(toast.first()).toBeVisible();
  for (const close of await page.locator(".toast .toast__close").all()) await close.click();
  await expect(page.locator(".toast")).toHaveCount(0);
}

async function expectNoErrorPage(page: Page) {
  await expect(page.getByRole("heading", { name: "Something went wrong", exact: true })).toHaveCount(0);
}

test("cart: plus, minus and remove roll back with a toast when the request fails, and show progress when slow", async ({
  page,
  cartWithItem: variant,
}) => {
  await page.goto("/cart");
  // The requests under test are the app's (`/cart.data`): the app is woken first, so the first click is not the
  // one that wakes it (a click before then is a plain form post, which the no-JavaScript tests cover).
  await hydrate(page);
  const row = page.getByTestId("cart-row").filter({ hasText: variant.title });
  const quantity = row.getByTestId("cart-qty");
  const plus = row.getByRole("button", { name: `Increase quantity of ${variant.title}` });
  const minus = row.getByRole("button", { name: `Decrease quantity of ${variant.title}` });
  const remove = page.getByRole("button", { name: `Remove ${variant.title}` });
  await expect(quantity).toHaveValue("1");

  for (const failure of ["abort", "html500"] as const) {
    await whileFailing(page, "/cart", failure, async () => {
      await plus.click();
      await expectToast(page, failure === "abort" ? CONNECTION_FAILED : "Something went wrong");
      await expect(quantity).toHaveValue("1");
      await expect(page.getByTestId("cart-total-products")).toHaveText("1");
      await expectNoErrorPage(page);
    });
  }

  await whileFailing(page, "/cart", "slow", async () => {
    await plus.click();
    await expect(quantity).toHaveValue("2");
    await expect(row.getByTestId("cart-line-subtotal")).toHaveAttribute("aria-busy", "true");
    await expect(page.getByTestId("cart-total-products")).toHaveText("2");
    await expect(row.getByTestId("cart-line-subtotal")).toHaveAttribute("aria-busy", "false");
    await expect(page.getByTestId("cart-count")).toHaveText("2");
  });

  await whileFailing(page, "/cart", "abort", async () => {
    await minus.click();
    await expectToast(page, CONNECTION_FAILED);
    await expect(quantity).toHaveValue("2");
  });

  for (const failure of ["abort", "html500"] as const) {
    await whileFailing(page, "/cart", failure, async () => {
      await remove.click();
      await expectToast(page, failure === "abort" ? CONNECTION_FAILED : "Something went wrong");
      await expect(row).toBeVisible();
      await expect(quantity).toHaveValue("2");
      await expectNoErrorPage(page);
    });
  }

  // 'Clear Shopping Cart' is a plain form post: its failure shows above the table and the lines stay.
  await whileFailing(page, "/cart", "abort", async () => {
    await page.getByRole("button", { name: "Clear Shopping Cart" }).click();
    await expect(page.getByRole("alert")).toHaveText(CONNECTION_FAILED);
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
  });

  await whileFailing(page, "/cart", "slow", async () => {
    await remove.click();
    await expect(row).toHaveCount(0);
    await expectToast(page, "Item Removed From Cart Successfully!");
    await expect(page.getByText("No items found in cart")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });
});

async function productPage(page: Page, variant: Variant) {
  const detail = await (await page.request.get(`/api/product/${variant.slug}`)).json();
  const color = (detail.colors as { color_id: number; color_name: string }[]).find(
    (item) => item.color_name === variant.colorName,
  );
  await page.goto(`/product/${variant.slug}?color=${color?.color_id}&size=${variant.variantId}`);
  await expect(page.getByTestId("stock")).toContainText("In Stock");
}

test("Add To Cart: a failed request toasts and adds nothing; a slow one says 'Adding...' and then adds", async ({
  page,
  variant,
}) => {
  await productPage(page, variant);
  const button = page.locator(".add-to-cart__button");
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  for (const failure of ["abort", "html500"] as const) {
    await whileFailing(page, `/product/${variant.slug}`, failure, async () => {
      await button.click();
      await expectToast(page, failure === "abort" ? CONNECTION_FAILED : "Something went wrong");
      await expect(button).toHaveText("Add To Cart");
      await expect(button).toBeEnabled();
      await expect(page.getByRole("heading", { name: variant.title, level: 1 })).toBeVisible();
      await expect(page.getByTestId("cart-count")).toHaveText("0");
    });
  }

  await whileFailing(page, `/product/${variant.slug}`, "slow", async () => {
    await button.click();
    await expect(button).toHaveText("Adding...");
    await expect(button).toBeDisabled();
    await expectToast(page, "Your item has been added to the cart!");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });
});

test("checkout: a failed order keeps the form as typed with the spec's message; a slow one says 'Processing...'", async ({
  page,
  cartWithItem: _variant,
}) => {
  const email = uniqueEmail("failing-checkout");
  await page.goto("/checkout");
  await fillCheckout(page, { email, firstName: "Sana", lastName: "Iqbal" });
  await page.getByLabel("Order notes (optional)").fill("Leave it with the guard.");
  const place = page.getByRole("button", { name: "Place Order" });

  for (const failure of ["abort", "html500"] as const) {
    await whileFailing(page, "/checkout", failure, async () => {
      await place.click();
      await expect(page.getByRole("alert")).toHaveText(
        failure === "abort" ? CONNECTION_FAILED : "Something went wrong!",
      );
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
      await expect(page.getByLabel("First Name")).toHaveValue("Sana");
      await expect(page.getByLabel("Order notes (optional)")).toHaveValue("Leave it with the guard.");
      await expect(place).toBeEnabled();
    });
  }

  await whileFailing(page, "/checkout", "slow", async () => {
    await place.click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/order-success\?order=BT-/);
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  });
});

/** Submits a login-like form through each failure, then slowly; it must end up on `landing`. */
async function submitThroughFailures(
  page: Page,
  form: { path: string; button: string; busy: string; title: string; landing: RegExp | string },
  stillTyped: () => Promise<void>,
) {
  for (const failure of ["abort", "html500"] as const) {
    await whileFailing(page, form.path, failure, async () => {
      await page.getByRole("button", { name: form.button, exact: true }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(form.title);
      await expect(alert).toContainText(failure === "abort" ? CONNECTION_FAILED : "Something went wrong");
      await expectNoErrorPage(page);
      await stillTyped();
    });
  }
  await whileFailing(page, form.path, "slow", async () => {
    await page.getByRole("button", { name: form.button, exact: true }).click();
    await expect(page.getByRole("button", { name: form.busy })).toBeDisabled();
    if (typeof form.landing === "string") await expect(page.getByText(form.landing)).toBeVisible();
    else await expect(page).toHaveURL(form.landing);
  });
}

test("login and register: a failed request says 'Login failed' and keeps what was typed; a slow one shows progress", async ({
  page,
  shopper,
}) => {
  await page.goto("/user-register");
  const newEmail = uniqueEmail("failing-register");
  await page.getByLabel("First Name").fill("Hina");
  await page.getByLabel("Last Name").fill("Malik");
  await page.getByLabel("Email", { exact: true }).fill(newEmail);
  await page.getByLabel("Password", { exact: true }).fill("a long enough password");
  await page.getByLabel("Confirm Password").fill("a long enough password");
  const register = {
    path: "/user-register",
    button: "Register",
    busy: "Registering...",
    title: "Login failed",
    landing: /\/user-dashboard$/,
  };
  await submitThroughFailures(page, register, async () => {
    await expect(page.getByLabel("First Name")).toHaveValue("Hina");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(newEmail);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("a long enough password");
  });

  await page.context().clearCookies();
  await page.goto("/user-login");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  const login = {
    path: "/user-login",
    button: "Login",
    busy: "Logging in...",
    title: "Login failed",
    landing: /\/user-dashboard$/,
  };
  await submitThroughFailures(page, login, async () => {
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(shopper.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(shopper.password);
  });
});

test("profile and password: a failed save keeps the form as typed with the page's message; a slow one shows progress", async ({
  page,
  shopper,
}) => {
  await page.goto("/user-login?redirect=%2Fmy-account");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Account details" })).toBeVisible();

  await page.getByLabel("First Name").fill("Zainab");
  const profile = {
    path: "/my-account",
    button: "Save changes",
    busy: "Saving...",
    title: "Profile update failed",
    landing: "Your profile has been updated.",
  };
  await submitThroughFailures(page, profile, async () => {
    await expect(page.getByLabel("First Name")).toHaveValue("Zainab");
  });
  await expect(page.getByLabel("First Name")).toHaveValue("Zainab");

  await page.getByLabel("Current password").fill(shopper.password);
  await page.getByLabel("New password", { exact: true }).fill("a brand new password");
  await page.getByLabel("Confirm new password").fill("a brand new password");
  const password = {
    path: "/my-account",
    button: "Change password",
    busy: "Saving...",
    title: "Password update failed",
    landing: "Your password has been changed.",
  };
  await submitThroughFailures(page, password, async () => {
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("a brand new password");
  });

  // Logout: a failed request leaves the shopper signed in where they were; a slow one still ends at home, signed out.
  const logout = page.locator(".account-nav").getByRole("button", { name: "Logout" });
  for (const failure of ["abort", "html500"] as const) {
    await whileFailing(page, "/logout", failure, async () => {
      await logout.click();
      await expectToast(page, failure === "abort" ? CONNECTION_FAILED : "Something went wrong");
      await expect(page).toHaveURL(/\/my-account$/);
      await expect(page.getByRole("heading", { name: "Account details" })).toBeVisible();
    });
  }
  await whileFailing(page, "/logout", "slow", async () => {
    await logout.click();
    await expect(logout).toBeDisabled();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator(".account-menu summary")).toHaveAttribute("aria-label", "Account");
  });
});

test("forgot password, reset password and order lookup: a failed request keeps the page as typed with the reason", async ({
  page,
}) => {
  const pages = [
    {
      path: "/forgot-password",
      fill: async () => page.getByLabel("Email", { exact: true }).fill("someone@example.pk"),
      button: "Send reset link",
      kept: async () => expect(page.getByLabel("Email", { exact: true })).toHaveValue("someone@example.pk"),
    },
    {
      path: "/reset-password",
      query: "?token=abcdefghijklmnopqrstuvwxyz0123456789",
      fill: async () => {
        await page.getByLabel("New password", { exact: true }).fill("a brand new password");
        await page.getByLabel("Confirm new password").fill("a brand new password");
      },
      button: "Set new password",
      kept: async () =>
        expect(page.getByLabel("New password", { exact: true })).toHaveValue("a brand new password"),
    },
    {
      path: "/order-lookup",
      fill: async () => {
        await page.getByLabel("Order number").fill("BT-261122-ABCDE");
        await page.getByLabel("Email", { exact: true }).fill("someone@example.pk");
      },
      button: "Find my order",
      kept: async () => expect(page.getByLabel("Order number")).toHaveValue("BT-261122-ABCDE"),
    },
  ];
  for (const form of pages) {
    await page.goto(`${form.path}${form.query ?? ""}`);
    await form.fill();
    for (const failure of ["abort", "html500"] as const) {
      await whileFailing(page, form.path, failure, async () => {
        await page.getByRole("button", { name: form.button }).click();
        await expect(page.getByRole("alert")).toContainText(
          failure === "abort" ? CONNECTION_FAILED : "Something went wrong. Please try again.",
        );
        await expectNoErrorPage(page);
        await form.kept();
      });
    }
  }
});
