/**
 * Toss Payments billing-key registration in the browser (production gateway): the SDK's
 * `requestBillingAuth` sends the member to Toss and back to `/payment-success` with `authKey` and
 * `customerKey`, which `POST /card` turns into a billing key on the server. The SDK is Toss's own
 * script, loaded only when a member registers a card with the Toss gateway configured.
 */
const SDK_URL = 'https://js.tosspayments.com/v2/standard';

interface TossPaymentsSdk {
  payment: (options: { customerKey: string }) => {
    requestBillingAuth: (options: { method: 'CARD'; successUrl: string; failUrl: string }) => Promise<void>;
  };
}
declare global {
  interface Window {
    TossPayments?: (clientKey: string) => TossPaymentsSdk;
  }
}

function loadSdk(): Promise<NonNullable<Window['TossPayments']>> {
  if (window.TossPayments) return Promise.resolve(window.TossPayments);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => (window.TossPayments ? resolve(window.TossPayments) : reject(new Error('no SDK')));
    script.onerror = () => reject(new Error('SDK failed to load'));
    document.head.appendChild(script);
  });
}

/** The app's address of a route (hash router): Toss appends its query to it. */
const appUrl = (path: string) => `${window.location.origin}${window.location.pathname}#${path}`;

export async function requestTossBillingAuth(clientKey: string, customerKey: string): Promise<void> {
  const TossPayments = await loadSdk();
  await TossPayments(clientKey)
    .payment({ customerKey })
    .requestBillingAuth({
      method: 'CARD',
      successUrl: appUrl('/payment-success?kind=card'),
      failUrl: appUrl('/payment-failure?kind=card&code=CARD_REGISTRATION_FAILED'),
    });
}

/**
 * Toss's answer on the way back: it adds `authKey` and `customerKey` (or `code` and `message` on a
 * failure) to the address, before or after the hash depending on how it joins them.
 */
export function tossReturnParams(search: URLSearchParams): { authKey: string; customerKey: string } | null {
  const outer = new URLSearchParams(window.location.search);
  const authKey = search.get('authKey') ?? outer.get('authKey');
  const customerKey = search.get('customerKey') ?? outer.get('customerKey');
  return authKey && customerKey ? { authKey, customerKey } : null;
}
