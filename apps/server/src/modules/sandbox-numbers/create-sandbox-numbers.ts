import type { CreateSandboxNumbers, ImportStarted } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import type { SandboxNumberInfo } from '../../whatsapp/sandbox-control.js';
import type { ImportRow } from '../number-import/import-rows.js';
import { queueImport } from '../number-import/start-import.js';
import { sandboxFor, sandboxPhone } from './sandbox-access.js';

const SANDBOX_TAG = 'sandbox';

/**
 * Makes `count` connected numbers in the sandbox, in one new WABA, and imports them through the
 * number import (same rows, job and checks as a file), so they appear in the import list.
 */
export async function createSandboxNumbers(
  context: AppContext,
  caller: Scope,
  input: CreateSandboxNumbers,
): Promise<ImportStarted> {
  const made = await sandboxFor(context)(async (sandbox) => {
    const numbers: SandboxNumberInfo[] = [];
    for (let index = 0; index < input.count; index += 1) {
      const first = numbers[0];
      numbers.push(
        await sandbox.createNumber({
          display_phone_number: `+${sandboxPhone()}`,
          verified_name: 'Sandbox Business',
          ...(first ? { waba_id: first.waba_id } : { waba_name: 'Sandbox Business' }),
          throughput_level: input.throughput,
          messaging_limit_tier: input.tier,
        }),
      );
    }
    return numbers;
  });
  const rows: ImportRow[] = made.map((number, index) => ({
    rowNo: index + 2,
    phone: number.display_phone_number.replace(/\D/g, ''),
    phoneNumberId: number.phone_number_id,
    wabaId: number.waba_id,
    token: number.access_token,
    tags: [SANDBOX_TAG],
    portfolio: null,
  }));
  return queueImport(
    context,
    caller,
    { fileName: `sandbox-numbers-${rows.length}`, target: 'sandbox' },
    { total: rows.length, valid: rows, errors: [] },
  );
}
