import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_WHATSAPP_API_URL, loadConfig } from "./config.ts";
import { createMessenger, fileMessenger, type OutgoingMessage } from "./messenger.ts";
import { startTwilioSimulator, startWhatsappSimulator } from "./messenger-simulators.ts";
import { smsMessenger } from "./messenger-sms.ts";
import { whatsappMessenger } from "./messenger-whatsapp.ts";

const shipped: OutgoingMessage = {
  channel: "sms",
  to: "+923001234567",
  text: "Bags & Threads: your order BT-261128-7KQ2M has shipped.",
  order: "BT-261128-7KQ2M",
  template: { name: "order_shipped", language: "en", parameters: ["BT-261128-7KQ2M"] },
};

/** A signal the caller aborts after `ms`, as the outbox worker does at its send timeout. */
const within = (ms: number) => ({ signal: AbortSignal.timeout(ms) });

describe("the file messenger", () => {
  it("writes each message as one JSON file in DATA_DIR/messages, named to sort by time", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-messages-")), "messages");
    const messenger = fileMessenger(dir);
    const first = await messenger.send(shipped);
    const second = await messenger.send({
      ...shipped,
      channel: "whatsapp",
      order: undefined,
      template: undefined,
    });
    const files = fs.readdirSync(dir);
    expect(files.toSorted()).toEqual([first.providerId, second.providerId]);
    expect(files.every((file) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.json$/.test(file))).toBe(true);
    const written = JSON.parse(fs.readFileSync(path.join(dir, first.providerId!), "utf8"));
    expect(written).toEqual({
      channel: "sms",
      to: "+923001234567",
      text: shipped.text,
      order: "BT-261128-7KQ2M",
      template: shipped.template,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.parse(fs.readFileSync(path.join(dir, second.providerId!), "utf8"))).toMatchObject({
      channel: "whatsapp",
      order: null,
      template: null,
    });
  });
});

describe("the SMS adapter (Twilio) against its simulator", () => {
  let twilio: Awaited<ReturnType<typeof startTwilioSimulator>>;
  beforeAll(async () => {
    twilio = await startTwilioSimulator();
  });
  afterAll(() => twilio.close());
  const sms = (overrides: { authToken?: string; from?: string } = {}) =>
    smsMessenger({
      accountSid: twilio.accountSid,
      authToken: overrides.authToken ?? twilio.authToken,
      from: overrides.from ?? "BagsThreads",
      apiUrl: twilio.url,
    });

  it("posts To, From and Body form-encoded with Basic auth, and answers the message's sid", async () => {
    twilio.mode = "ok";
    twilio.received.length = 0;
    const { providerId } = await sms().send(shipped);
    expect(providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.received).toEqual([
      expect.objectContaining({
        method: "POST",
        path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
        body: { To: "+923001234567", From: "BagsThreads", Body: shipped.text },
        status: 201,
      }),
    ]);
    // A Messaging Service picks its own sender.
    await sms({ from: "MG0123456789abcdef0123456789abcdef" }).send(shipped);
    expect(twilio.received[1]!.body).toMatchObject({
      MessagingServiceSid: "MG0123456789abcdef0123456789abcdef",
    });
  });

  it("throws Twilio's own words when it refuses, fails, answers HTML or does not answer", async () => {
    twilio.mode = "ok";
    await expect(sms({ authToken: "wrong" }).send(shipped)).rejects.toThrow(
      "Twilio refused the message (HTTP 401, error 20003): Authenticate",
    );
    await expect(sms().send({ ...shipped, to: "03001234567" })).rejects.toThrow(
      "Twilio refused the message (HTTP 400, error 21211): Invalid 'To' Phone Number: 03001234567",
    );
    twilio.mode = "fail";
    await expect(sms().send(shipped)).rejects.toThrow(
      "Twilio refused the message (HTTP 503, error 20503): Service Unavailable",
    );
    twilio.mode = "html";
    await expect(sms().send(shipped)).rejects.toThrow(
      "Twilio answered HTTP 502 with an HTML page: 502 Bad Gateway 502 Bad Gateway, not its JSON.",
    );
    twilio.mode = "hang";
    const started = performance.now();
    await expect(sms().send(shipped, within(200))).rejects.toThrow(
      "The call to Twilio was cut short (the send timed out).",
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("the WhatsApp adapter (Cloud API) against its simulator", () => {
  let meta: Awaited<ReturnType<typeof startWhatsappSimulator>>;
  beforeAll(async () => {
    meta = await startWhatsappSimulator({ templates: { order_shipped: 1 } });
  });
  afterAll(() => meta.close());
  const whatsapp = (token = meta.token) =>
    whatsappMessenger({ token, phoneNumberId: meta.phoneNumberId, apiUrl: meta.url });

  it("posts the documented template message with a Bearer token, and answers the wamid", async () => {
    meta.mode = "ok";
    meta.received.length = 0;
    const { providerId } = await whatsapp().send({ ...shipped, channel: "whatsapp" });
    expect(providerId).toMatch(/^wamid\./);
    expect(meta.received).toEqual([
      expect.objectContaining({
        path: `${new URL(DEFAULT_WHATSAPP_API_URL).pathname}/${meta.phoneNumberId}/messages`,
        headers: expect.objectContaining({ authorization: `Bearer ${meta.token}` }),
        body: {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: "923001234567",
          type: "template",
          template: {
            name: "order_shipped",
            language: { code: "en" },
            components: [{ type: "body", parameters: [{ type: "text", text: "BT-261128-7KQ2M" }] }],
          },
        },
        status: 200,
      }),
    ]);
  });

  it("throws WhatsApp's own words when it refuses, fails, answers HTML or does not answer", async () => {
    meta.mode = "ok";
    await expect(whatsapp("expired").send(shipped)).rejects.toThrow(
      "WhatsApp refused the message (HTTP 401, error 190): Invalid OAuth access token - Cannot parse access token",
    );
    await expect(
      whatsapp().send({ ...shipped, template: { name: "order_shipped", language: "en", parameters: [] } }),
    ).rejects.toThrow(
      "WhatsApp refused the message (HTTP 400, error 132000): (#132000) Number of parameters does not match the expected number of params (body: number of localizable_params (0) does not match the expected number of params (1))",
    );
    await expect(whatsapp().send({ ...shipped, template: undefined })).rejects.toThrow(
      "WhatsApp starts a conversation only with an approved template; this message has none.",
    );
    meta.mode = "fail";
    await expect(whatsapp().send(shipped)).rejects.toThrow(
      "WhatsApp refused the message (HTTP 503, error 131000): (#131000) Something went wrong (Message failed to send because of an unknown error. Try again later.)",
    );
    meta.mode = "html";
    await expect(whatsapp().send(shipped)).rejects.toThrow("WhatsApp answered HTTP 502 with an HTML page");
    meta.mode = "hang";
    await expect(whatsapp().send(shipped, within(200))).rejects.toThrow("cut short");
  });
});

describe("the messenger's configuration", () => {
  it("writes files by default, in DATA_DIR/messages, as SMS", () => {
    expect(loadConfig({ DATA_DIR: "/srv/shop" }).messenger).toEqual({
      driver: "file",
      channel: "sms",
      templateLanguage: "en",
      dir: "/srv/shop/messages",
    });
  });

  it("takes Twilio's and WhatsApp's credentials, and refuses a chosen provider without them", () => {
    const sms = { SMS_ACCOUNT_SID: "AC1", SMS_AUTH_TOKEN: "token", SMS_FROM: "BagsThreads" };
    expect(loadConfig({ MESSENGER: "sms", ...sms }).messenger).toMatchObject({
      driver: "sms",
      channel: "sms",
      sms: { accountSid: "AC1", authToken: "token", from: "BagsThreads", apiUrl: "https://api.twilio.com" },
    });
    expect(() => loadConfig({ MESSENGER: "sms", SMS_ACCOUNT_SID: "AC1" })).toThrow(
      new ConfigError(
        "Invalid configuration:\n  MESSENGER=sms needs SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM; missing: SMS_AUTH_TOKEN, SMS_FROM",
      ),
    );
    expect(
      loadConfig({
        MESSENGER: "whatsapp",
        WHATSAPP_TOKEN: "t",
        WHATSAPP_PHONE_NUMBER_ID: "1065",
        WHATSAPP_TEMPLATE_LANGUAGE: "en_US",
      }).messenger,
    ).toMatchObject({
      driver: "whatsapp",
      channel: "whatsapp",
      templateLanguage: "en_US",
      whatsapp: { token: "t", phoneNumberId: "1065", apiUrl: DEFAULT_WHATSAPP_API_URL },
    });
    expect(() => loadConfig({ MESSENGER: "whatsapp" })).toThrow(
      "MESSENGER=whatsapp needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID; missing: WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID",
    );
    expect(() => loadConfig({ MESSENGER: "pigeon" })).toThrow(
      'MESSENGER: must be "file", "sms" or "whatsapp"',
    );
    expect(() =>
      loadConfig({ MESSENGER: "whatsapp", WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "+92300" }),
    ).toThrow(
      "WHATSAPP_PHONE_NUMBER_ID: must be the digits of the WhatsApp phone number ID (not the phone number)",
    );
  });

  it("builds the chosen driver", async () => {
    const twilio = await startTwilioSimulator();
    try {
      const config = loadConfig({
        MESSENGER: "sms",
        SMS_ACCOUNT_SID: twilio.accountSid,
        SMS_AUTH_TOKEN: twilio.authToken,
        SMS_FROM: "+15005550006",
        SMS_API_URL: twilio.url,
      });
      expect((await createMessenger(config.messenger).send(shipped)).providerId).toMatch(/^SM/);
      expect(twilio.received).toHaveLength(1);
    } finally {
      await twilio.close();
    }
  });
});
