import { JAZZCASH_PATHS, jazzcashHashMatches, jazzcashSecureHash, pakistanDateTime } from "../jazzcash.ts";
import {
  autoPostPage,
  escapeHtml,
  HOSTED_PAGE_OUTCOMES,
  type HostedPageOutcome,
  hostedPage,
  html,
  json,
  type PaymentSimulator,
  type PaymentSimulatorCore,
  type SimulatedPayment,
  type SimulatorAnswer,
  type SimulatorHttpRequest,
  startPaymentSimulator,
} from "./payment-simulator-kit.ts";

/**
 * JazzCash's page redirection and REST APIs as jazzcash.ts cites them, on this machine
 * (docs/decisions/0050-jazzcash.md): the hosted page at /CustomerPortal/transactionmanagement/merchantform/ checks
 * the merchant's credentials and pp_SecureHash with the real scheme and answers a bad one as JazzCash does (115
 * "Invalid hash received."); its buttons choose the outcome; the IPN (the same signed fields as the return, posted
 * as JSON) goes to `notifyUrl`, since JazzCash's IPN URL lives in its merchant portal, not in the request; the
 * browser is sent back with an auto-posted, signed form. The status inquiry and both refund APIs answer from the
 * payments map in JazzCash's shapes.
 */

export const JAZZCASH_TEST_CREDENTIALS = {
  merchantId: "MC10000SIM",
  password: "simulator1",
  integritySalt: "sim0salt42",
  merchantMpin: "1234",
};

const OUTCOME_ROUTE = "/_jazzcash/outcome";

/** What JazzCash answers per outcome: its codes and words (Resources.html). */
const RESULTS: Record<"paid" | "failed" | "cancelled", { code: string; message: string }> = {
  paid: { code: "000", message: "Thank you for Using JazzCash, your transaction was successful." },
  failed: { code: "004", message: "Low balance" },
  cancelled: { code: "112", message: "Transaction Cancelled by User." },
};
const PENDING = { code: "157", message: "Transaction is pending." };

interface Extra {
  code: string;
  message: string;
  authCode: string;
  txnDateTime: string;
}

function refusalPage(code: string, message: string): SimulatorAnswer {
  return html(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>JazzCash (simulator)</title></head><body>` +
      `<h1>Sorry! Your transaction could not be processed</h1><p>${escapeHtml(code)} ${escapeHtml(message)}</p></body></html>`,
    400,
  );
}

export async function startJazzcashSimulator(
  options: { port?: number; host?: string; notifyUrl?: string } = {},
): Promise<PaymentSimulator> {
  const credentials = JAZZCASH_TEST_CREDENTIALS;
  const extras = new Map<string, Extra>();
  const signed = (fields: Record<string, string>) => ({
    ...fields,
    pp_SecureHash: jazzcashSecureHash(fields, credentials.integritySalt),
  });

  /** The response fields of a finished payment, as the return and the IPN carry them. */
  function responseFields(payment: SimulatedPayment): Record<string, string> {
    const extra = extras.get(payment.reference);
    const sent = payment.fields;
    return signed({
      pp_Amount: String(payment.amount),
      pp_AuthCode: extra?.authCode ?? "",
      pp_BankID: "",
      pp_BillReference: sent.pp_BillReference ?? "",
      pp_Language: sent.pp_Language ?? "EN",
      pp_MerchantID: sent.pp_MerchantID ?? "",
      pp_ResponseCode: extra?.code ?? PENDING.code,
      pp_ResponseMessage: extra?.message ?? PENDING.message,
      pp_RetreivalReferenceNo: payment.providerReference ?? "",
      pp_SubMerchantId: sent.pp_SubMerchantID ?? "",
      pp_TxnCurrency: sent.pp_TxnCurrency ?? "PKR",
      pp_TxnDateTime: extra?.txnDateTime ?? sent.pp_TxnDateTime ?? "",
      pp_TxnRefNo: payment.reference,
      pp_SettlementExpiry: "",
      pp_TxnType: sent.pp_TxnType ?? "",
      pp_Version: sent.pp_Version ?? "1.1",
      ppmpf_1: sent.ppmpf_1 ?? "",
      ppmpf_2: sent.ppmpf_2 ?? "",
      ppmpf_3: sent.ppmpf_3 ?? "",
      ppmpf_4: sent.ppmpf_4 ?? "",
      ppmpf_5: sent.ppmpf_5 ?? "",
    });
  }

  /** Credentials and pp_SecureHash of a request; the refusal JazzCash gives, or null. */
  function check(fields: Record<string, string>): { code: string; message: string } | null {
    if (fields.pp_MerchantID !== credentials.merchantId || fields.pp_Password !== credentials.password) {
      return { code: "101", message: "Invalid merchant credentials." };
    }
    if (!jazzcashHashMatches(fields, credentials.integritySalt)) {
      return { code: "115", message: "Invalid hash received." };
    }
    return null;
  }

  function hostedPageRequest(request: SimulatorHttpRequest, core: PaymentSimulatorCore): SimulatorAnswer {
    const fields = request.form;
    const refused = check(fields);
    if (refused) return refusalPage(refused.code, refused.message);
    const invalid = (
      [
        ["pp_TxnRefNo", /^[A-Za-z0-9]{1,20}$/],
        ["pp_Amount", /^[1-9]\d*$/],
        ["pp_TxnCurrency", /^PKR$/],
        ["pp_TxnDateTime", /^\d{14}$/],
        ["pp_TxnExpiryDateTime", /^(\d{14})?$/],
        ["pp_ReturnURL", /^https?:\/\/\S+$/],
        ["pp_Version", /^(1\.1|2\.0)$/],
        ["pp_Language", /^EN$/],
      ] as const
    ).find(([name, rule]) => !rule.test(fields[name] ?? ""));
    if (invalid) return refusalPage("110", `Invalid value for ${invalid[0]}.`);
    const reference = fields.pp_TxnRefNo ?? "";
    const existing = core.payments.get(reference);
    if (existing && existing.status !== "started")
      return refusalPage("110", "Invalid value for pp_TxnRefNo.");
    const payment: SimulatedPayment = {
      reference,
      amount: Number(fields.pp_Amount),
      status: "started",
      providerReference: null,
      refunded: 0,
      fields: { ...fields },
      returnUrl: fields.pp_ReturnURL ?? "",
      notifyUrl: options.notifyUrl ?? null,
      startedAt: new Date(),
    };
    core.payments.set(reference, payment);
    return html(
      hostedPage({
        provider: "JazzCash",
        amount: payment.amount,
        reference,
        action: `${core.url}${OUTCOME_ROUTE}`,
        hidden: { pp_TxnRefNo: reference },
      }),
    );
  }

  async function outcome(
    request: SimulatorHttpRequest,
    core: PaymentSimulatorCore,
  ): Promise<SimulatorAnswer> {
    const payment = core.payments.get(request.form.pp_TxnRefNo ?? "");
    const choice = request.form.outcome as HostedPageOutcome;
    if (payment?.status !== "started" || !(choice in HOSTED_PAGE_OUTCOMES)) {
      return refusalPage("109", "Transaction does not exist");
    }
    const result = RESULTS[choice === "no-callback" ? "paid" : choice];
    payment.status = choice === "no-callback" ? "paid" : choice;
    if (choice !== "cancelled") payment.providerReference = String(core.nextNumber()).padStart(12, "0");
    extras.set(payment.reference, {
      ...result,
      authCode: payment.status === "paid" ? String(core.nextNumber() % 1_000_000).padStart(6, "0") : "",
      txnDateTime: pakistanDateTime(new Date()),
    });
    if (choice === "no-callback") {
      return html(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>JazzCash (simulator)</title></head>` +
          `<body><h1>Paid</h1><p>${escapeHtml(payment.reference)} is paid. Nothing was sent to the shop: ` +
          `POST /_simulator/notify sends the IPN.</p></body></html>`,
      );
    }
    await spec.notify(payment);
    return html(autoPostPage(payment.returnUrl, responseFields(payment), "Returning to the shop"));
  }

  function inquiry(fields: Record<string, string>, core: PaymentSimulatorCore): SimulatorAnswer {
    const refused = check(fields);
    if (refused) return json(signed({ pp_ResponseCode: refused.code, pp_ResponseMessage: refused.message }));
    const payment = core.payments.get(fields.pp_TxnRefNo ?? "");
    if (!payment) {
      return json(signed({ pp_ResponseCode: "109", pp_ResponseMessage: "Transaction does not exist" }));
    }
    const extra = extras.get(payment.reference) ?? { ...PENDING, authCode: "", txnDateTime: "" };
    const verdict =
      payment.status === "paid" ? "Completed" : payment.status === "started" ? "Pending" : "Failed";
    return json(
      signed({
        pp_ResponseCode: "000",
        pp_ResponseMessage: "Thank you for Using JazzCash, your operation successfully completed.",
        pp_PaymentResponseCode: extra.code,
        pp_PaymentResponseMessage: extra.message,
        pp_Status: verdict,
        pp_AuthCode: extra.authCode,
        pp_RetrievalReferenceNo: payment.providerReference ?? "",
        pp_SettlementDate: "",
        pp_SettlementExpiry: "",
      }),
    );
  }

  function refund(
    fields: Record<string, string>,
    core: PaymentSimulatorCore,
    wallet: boolean,
  ): SimulatorAnswer {
    const answer = (code: string, message: string) =>
      json(signed({ pp_ResponseCode: code, pp_ResponseMessage: message }));
    const refused = check(fields);
    if (refused) return answer(refused.code, refused.message);
    if (wallet && fields.pp_MerchantMPIN !== credentials.merchantMpin) return answer("024", "Bad PIN");
    const payment = core.payments.get(fields.pp_TxnRefNo ?? "");
    if (!payment) return answer("109", "Transaction does not exist");
    if (payment.status !== "paid") return answer("132", "Sorry! The selected transaction cannot be refunded");
    const amount = fields.pp_Amount ?? "";
    if (!/^[1-9]\d*$/.test(amount) || fields.pp_TxnCurrency !== "PKR") {
      return answer("110", "Invalid value for pp_Amount.");
    }
    if (Number(amount) > payment.amount - payment.refunded) {
      return answer("452", "Transaction is not eligible for refund.");
    }
    payment.refunded += Number(amount);
    return answer("000", "Thank you for Using JazzCash, your transaction was successful.");
  }

  const spec = {
    apiPaths: ["/ApplicationAPI/"],
    port: options.port,
    host: options.host,
    async handle(request: SimulatorHttpRequest, core: PaymentSimulatorCore): Promise<SimulatorAnswer> {
      const path = request.url.pathname.replace(/\/+$/, "").toLowerCase();
      if (request.method !== "POST")
        return json({ message: "The requested resource does not support GET." }, 405);
      if (path === JAZZCASH_PATHS.hostedPage.replace(/\/+$/, "").toLowerCase()) {
        return hostedPageRequest(request, core);
      }
      if (path === OUTCOME_ROUTE) return outcome(request, core);
      if (path === JAZZCASH_PATHS.inquiry.toLowerCase()) return inquiry(request.form, core);
      if (path === JAZZCASH_PATHS.walletRefund.toLowerCase()) return refund(request.form, core, true);
      if (path === JAZZCASH_PATHS.cardRefund.toLowerCase()) return refund(request.form, core, false);
      return json({ message: "No HTTP resource was found that matches the request URI." }, 404);
    },
    async notify(payment: SimulatedPayment): Promise<number | null> {
      if (!payment.notifyUrl) return null;
      try {
        const response = await fetch(payment.notifyUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(responseFields(payment)),
          signal: AbortSignal.timeout(5_000),
        });
        await response.text();
        return response.status;
      } catch {
        return null;
      }
    },
  };
  return startPaymentSimulator(spec);
}
