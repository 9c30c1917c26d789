import { request } from 'undici';

/** A number as the sandbox's control API describes it. */
export interface SandboxNumberInfo {
  phone_number_id: string;
  waba_id: string;
  display_phone_number: string;
  access_token: string;
  verified_name?: string;
  /** Set while the number is under registration and a code was requested: the code it "texted". */
  pending_code?: string | null;
  messaging_limit_tier?: string;
}

/** The sandbox's `/_sandbox/...` control calls, over HTTP, so it works in-process or as its own role. */
export function sandboxControl(baseUrl: string) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const reply = await request(new URL(path, baseUrl), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.body.text();
    if (reply.statusCode >= 300)
      throw new Error(`sandbox ${method} ${path}: HTTP ${reply.statusCode} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    createNumber: (input: {
      display_phone_number: string;
      verified_name: string;
      waba_id?: string;
      waba_name?: string;
      throughput_level?: 'STANDARD' | 'HIGH';
      messaging_limit_tier?: string;
      registered?: boolean;
      official_business_account?: boolean;
    }) => call<SandboxNumberInfo>('POST', '/_sandbox/numbers', input),
    numbers: () => call<SandboxNumberInfo[]>('GET', '/_sandbox/numbers'),
    createTemplate: (input: Record<string, unknown>) =>
      call<{ id: string; status: string }>('POST', '/_sandbox/templates', input),
    createCustomer: (input: { wa_id: string; name: string }) => call<unknown>('POST', '/_sandbox/customers', input),
    inbound: (input: Record<string, unknown>) => call<unknown>('POST', '/_sandbox/inbound', input),
  };
}
