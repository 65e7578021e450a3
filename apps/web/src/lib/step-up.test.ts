import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type SessionPort } from './api-client';
import { requestStepUp, settleStepUp, useStepUpStore } from './step-up-store';

vi.mock('./i18n', () => ({ loadUiAreas: () => Promise.resolve() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stepUpRequired = () =>
  json(403, {
    error: { code: 'STEP_UP_REQUIRED', message: 'x', details: { methods: ['totp', 'recovery'] } },
  });

function client(answers: Response[], stepUp: SessionPort['stepUp']) {
  const session: SessionPort = {
    getKey: () => 'key',
    isSignedIn: () => true,
    setTokens: vi.fn(),
    onSessionLost: vi.fn(),
    stepUp,
  };
  const fetchMock = vi.fn(async () => answers.shift() ?? json(500, {}));
  return { api: createApiClient(session, fetchMock), fetchMock, session };
}

describe('a sensitive call refused for an old proof (403 STEP_UP_REQUIRED)', () => {
  it('asks for the factor once, with the methods the server named, and sends the same call again', async () => {
    const stepUp = vi.fn(async () => true);
    const { api, fetchMock } = client([stepUpRequired(), json(200, { data: { refunded: true } })], stepUp);
    await expect(
      api.post(['subscriptionRefund', 7], {
        body: { mode: 'FULL' },
        headers: { 'Idempotency-Key': 'k1' },
      }),
    ).resolves.toEqual({ refunded: true });
    expect(stepUp).toHaveBeenCalledExactlyOnceWith(['totp', 'recovery']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The same call: body and idempotency key unchanged.
    const [first, second] = fetchMock.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    expect(second[1].body).toBe(first[1].body);
    expect((second[1].headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
  });

  it('a closed dialog leaves the refusal to the caller; a second refusal is not asked again', async () => {
    const closed = client(
      [stepUpRequired()],
      vi.fn(async () => false),
    );
    await expect(closed.api.post('card', { body: {} })).rejects.toMatchObject({
      code: 'STEP_UP_REQUIRED',
    });
    const twice = vi.fn(async () => true);
    const again = client([stepUpRequired(), stepUpRequired()], twice);
    await expect(again.api.post('card', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(twice).toHaveBeenCalledTimes(1);
  });

  it('a wrong password (401) is not a lost session: no refresh', async () => {
    const { api, fetchMock, session } = client(
      [json(401, { error: { code: 'AUTH_INCORRECT_PASSWORD', message: 'x' } })],
      vi.fn(),
    );
    await expect(api.post('authStepUp', { body: {} })).rejects.toMatchObject({
      code: 'AUTH_INCORRECT_PASSWORD',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.onSessionLost).not.toHaveBeenCalled();
  });

  it('calls refused while the dialog is open wait for the same answer', async () => {
    const one = requestStepUp(['password']);
    await vi.waitFor(() => expect(useStepUpStore.getState().pending).not.toBeNull());
    const two = requestStepUp(['password']);
    await vi.waitFor(() => expect(useStepUpStore.getState().waiting).toHaveLength(1));
    settleStepUp(true);
    await expect(Promise.all([one, two])).resolves.toEqual([true, true]);
    expect(useStepUpStore.getState().pending).toBeNull();
  });
});
