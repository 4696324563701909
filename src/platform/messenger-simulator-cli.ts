import { startTwilioSimulator, startWhatsappSimulator } from "./messenger-simulators.ts";

/**
 * `npm run messages:simulator`: starts the Twilio and WhatsApp simulators (messenger-simulators.ts) for a demo and
 * prints the environment that points the shop at them. Each message they accept is printed as it arrives.
 * SIMULATOR_MODE=fail|hang|html starts them failing instead. Ports: TWILIO_SIMULATOR_PORT (4010) and
 * WHATSAPP_SIMULATOR_PORT (4011).
 */
const mode = process.env.SIMULATOR_MODE;
const twilio = await startTwilioSimulator({ port: Number(process.env.TWILIO_SIMULATOR_PORT ?? 4010) });
const whatsapp = await startWhatsappSimulator({ port: Number(process.env.WHATSAPP_SIMULATOR_PORT ?? 4011) });
for (const simulator of [twilio, whatsapp]) {
  if (mode === "fail" || mode === "hang" || mode === "html") simulator.mode = mode;
  simulator.received.push = (...requests) => {
    for (const request of requests) {
      process.stdout.write(
        `${request.status || "no answer"} ${request.path} ${JSON.stringify(request.body)}\n`,
      );
    }
    return Array.prototype.push.apply(simulator.received, requests);
  };
}

process.stdout.write(`Twilio simulator:   ${twilio.url}
WhatsApp simulator: ${whatsapp.url}

Point the shop at Twilio's:
  MESSENGER=sms SMS_API_URL=${twilio.url} SMS_ACCOUNT_SID=${twilio.accountSid} SMS_AUTH_TOKEN=${twilio.authToken} SMS_FROM=BagsThreads

or at WhatsApp's:
  MESSENGER=whatsapp WHATSAPP_API_URL=${whatsapp.url} WHATSAPP_TOKEN=${whatsapp.token} WHATSAPP_PHONE_NUMBER_ID=${whatsapp.phoneNumberId}

Ctrl-C stops them.
`);

const stop = async () => {
  await Promise.all([twilio.close(), whatsapp.close()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
