import type { Db } from '../../platform/db/pool.js';

export interface MetaNumberState {
  status: string;
  codeVerificationStatus: string | null;
  nameStatus: string | null;
  messagingLimitTier: string | null;
  throughputLevel: string | null;
}

/** The state Meta reported when the number was recorded, beside what connectNumber stores. */
export async function recordMetaState(
  db: Db,
  tenantId: string,
  numberId: string,
  state: MetaNumberState,
): Promise<void> {
  await db.query(
    `update wa_number
        set status = $3, code_verification_status = $4, name_status = $5, messaging_limit_tier = $6,
            throughput_level = coalesce($7, throughput_level), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      numberId,
      state.status,
      state.codeVerificationStatus,
      state.nameStatus,
      state.messagingLimitTier,
      state.throughputLevel,
    ],
  );
}
