import { isAbove, tierOfLimit, type WarmupTier } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { errors } from '../../platform/http/errors.js';
import {
  type PortfolioRow,
  selectOwnNumbers,
  selectPortfolioNumbers,
  selectPortfolios,
} from './portfolio-repository.js';

/** What a plan's input must name, checked the same way by add and edit; each failure names its field. */

/** A portfolio holding live numbers of the caller's tenant, or a 404 naming portfolioId. */
export async function ownPortfolio(db: Db, scope: Scope, id: string): Promise<PortfolioRow> {
  const [portfolio] = await selectPortfolios(db, scope, id);
  if (!portfolio) throw errors.notFound({ zh: 'portfolioId: 业务组合', en: 'portfolioId: Business portfolio' });
  return portfolio;
}

/** The target must be above the portfolio's limit now. */
export function checkTarget(target: WarmupTier, limit: number | null): void {
  if (!isAbove(target, limit)) {
    const current = tierOfLimit(limit);
    throw errors.invalid(
      'targetTier',
      `须高于业务组合当前的档位 ${current}`,
      `must be above the portfolio's current tier ${current}`,
    );
  }
}

/**
 * The plan's numbers: the chosen ones (each a live number of the caller's, or a 404 naming
 * numberIds; each of this portfolio, or a 400 naming numberIds), or all the portfolio's.
 */
export async function planNumbersOf(
  db: Db,
  scope: Scope,
  portfolioId: string,
  chosen: string[] | undefined,
): Promise<string[]> {
  if (!chosen) {
    const numbers = await selectPortfolioNumbers(db, scope.tenantId, [portfolioId]);
    return numbers.map((number) => number.id);
  }
  const found = await selectOwnNumbers(db, scope, chosen);
  if (found.length < chosen.length) throw errors.notFound({ zh: 'numberIds: 号码', en: 'numberIds: Number' });
  if (found.some((number) => number.portfolio_id !== portfolioId)) {
    throw errors.invalid('numberIds', '只能选择该业务组合的号码', 'choose numbers of this business portfolio only');
  }
  return chosen;
}

/** A start day is today or later (UTC). */
export function checkStartDate(startDate: string, today: string): void {
  if (startDate < today) throw errors.invalid('startDate', '不能早于今天（UTC）', 'must be today (UTC) or later');
}

export const liveConflict = () =>
  errors.conflict({
    zh: 'portfolioId: 该业务组合已有进行中的养号计划',
    en: 'portfolioId: this business portfolio already has a live warm-up plan',
  });
