import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type ApiResponse, fakeApi, ok, refused } from "../../testing/fake-api.ts";
import * as contactRoute from "../routes/contact.tsx";

afterEach(cleanup);

const SENT =
  "Thank you for your message! We have emailed you a confirmation and will reply within one working day.";

/** The contact page with its real loader, action and client action, over a fake API. */
function renderContact(answer: (body: any) => ApiResponse, options: { offline?: boolean } = {}) {
  let issued = 0;
  const fake = fakeApi({
    "GET /contact/form": () => {
      issued += 1;
      return ok({ form_token: `${1_700_000_000_000 + issued}.signature${issued}` });
    },
    "POST /contact": answer,
  });
  const action = async (args: any) => {
    const serverAction = async () => {
      if (options.offline) throw new TypeError("Failed to fetch");
      return (contactRoute.action as any)(args);
    };
    return contactRoute.clientAction({ ...args, serverAction } as any);
  };
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        Component: Outlet,
        children: [
          {
            id: "contact",
            path: "contact",
            Component: contactRoute.default as any,
            loader: contactRoute.loader as any,
            action,
            shouldRevalidate: contactRoute.shouldRevalidate,
          },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={["/contact"]} />);
  return fake.calls;
}

const posts = <Call extends { method: string; path: string }>(calls: Call[]) =>
  calls.filter((call) => call.method === "POST" && call.path === "/contact");

async function fill(fields: { name?: string; email?: string; subject?: string; message?: string }) {
  const user = userEvent.setup();
  await screen.findByRole("button", { name: "SEND" });
  if (fields.name) await user.type(screen.getByLabelText("Name"), fields.name);
  if (fields.email) await user.type(screen.getByLabelText("Email"), fields.email);
  if (fields.subject) await user.type(screen.getByLabelText(/^Subject/), fields.subject);
  if (fields.message) await user.type(screen.getByLabelText("Message"), fields.message);
  return user;
}

const TYPED = {
  name: "Sana Malik",
  email: "sana@example.pk",
  subject: "Order BT-261121-7KQ2M",
  message: "Can I change the size of my kurta?",
};

describe("contact page", () => {
  it("sends the message with the form's token and an empty honeypot, then says so and empties the form", async () => {
    const calls = renderContact(() => ok({ message: SENT }, 201));
    const user = await fill(TYPED);
    await user.click(screen.getByRole("button", { name: "SEND" }));

    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("Message sent");
    expect(status.textContent).toContain(SENT);
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({
      ...TYPED,
      form_token: "1700000000001.signature1",
      website: "",
    });
    // The reload brought a fresh token for the next message, and the fields are empty again.
    await waitFor(() =>
      expect((document.querySelector('input[name="form_token"]') as HTMLInputElement).value).toBe(
        "1700000000002.signature2",
      ),
    );
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
  });

  it("hides the honeypot from people: off-screen, out of the tab order, hidden from screen readers", async () => {
    renderContact(() => ok({ message: SENT }, 201));
    await screen.findByRole("button", { name: "SEND" });
    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.closest('[aria-hidden="true"]')?.className).toBe("honeypot");
    expect(screen.queryByRole("textbox", { name: "Leave this field empty" })).toBeNull();
    expect(screen.getAllByRole("textbox").map((box) => box.getAttribute("name"))).toEqual([
      "name",
      "email",
      "subject",
      "message",
    ]);
  });

  it("shows the API's messages under their fields and keeps what was typed", async () => {
    renderContact(() =>
      refused(422, {
        message: "Please enter a valid email address.",
        errors: {
          email: ["Please enter a valid email address."],
          message: ["Your message must be at least 10 characters."],
        },
      }),
    );
    const user = await fill({ ...TYPED, email: "sana@", message: "Hi" });
    await user.click(screen.getByRole("button", { name: "SEND" }));

    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Your message must be at least 10 characters.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Message").getAttribute("aria-describedby")).toBe("field-message-error");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Sana Malik");
    expect(screen.queryByRole("status")).toBeNull();
    // The form goes on with the token it was issued with: correcting a field quickly is not a robot's speed.
    expect((document.querySelector('input[name="form_token"]') as HTMLInputElement).value).toBe(
      "1700000000001.signature1",
    );
    // A field's refusal is said under the field, not again above the form.
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says above the form why a message was refused as a whole (too many, or an out-of-date form)", async () => {
    const limited = "You have sent several messages in a short time. Please try again in 60 minutes.";
    renderContact(() => refused(429, { message: limited }));
    const user = await fill(TYPED);
    await user.click(screen.getByRole("button", { name: "SEND" }));
    expect((await screen.findByRole("alert")).textContent).toBe(limited);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(TYPED.message);
  });

  it("takes a new token when the API refused the form's own (an old page, a changed secret)", async () => {
    const outOfDate = "This form is out of date. Please send your message again.";
    const calls = renderContact((body) =>
      body.form_token === "1700000000001.signature1"
        ? refused(422, { message: outOfDate, errors: { form_token: [outOfDate] } })
        : ok({ message: SENT }, 201),
    );
    const user = await fill(TYPED);
    await user.click(screen.getByRole("button", { name: "SEND" }));
    expect((await screen.findByRole("alert")).textContent).toBe(outOfDate);
    await waitFor(() =>
      expect((document.querySelector('input[name="form_token"]') as HTMLInputElement).value).toBe(
        "1700000000002.signature2",
      ),
    );
    await user.click(screen.getByRole("button", { name: "SEND" }));
    expect((await screen.findByRole("status")).textContent).toContain(SENT);
    expect(posts(calls).map((call) => (call.body as { name: string }).name)).toEqual([
      TYPED.name,
      TYPED.name,
    ]);
  });

  it("keeps everything typed and says so when the shop cannot be reached (spec section 8)", async () => {
    const calls = renderContact(() => ok({ message: SENT }, 201), { offline: true });
    const user = await fill(TYPED);
    await user.click(screen.getByRole("button", { name: "SEND" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to connect to server. Please try again.",
    );
    expect(posts(calls)).toHaveLength(0);
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(TYPED.email);
    expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe(TYPED.subject);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(TYPED.message);
  });

  it("labels every field, marks the subject optional and bounds the lengths", async () => {
    renderContact(() => ok({ message: SENT }, 201));
    await screen.findByRole("button", { name: "SEND" });
    expect(screen.getByLabelText("Subject (optional)")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("maxlength")).toBe("100");
    expect(screen.getByLabelText("Message").getAttribute("maxlength")).toBe("5000");
    expect(screen.getByText("At least 10 characters.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("type")).toBe("email");
  });
});
