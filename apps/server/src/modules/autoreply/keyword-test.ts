import type { KeywordSkip, KeywordTest, KeywordTestReply } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import type { InboundMessage } from '../../whatsapp/meta/webhook-payload.js';
import { consentRequestOf } from '../../whatsapp/webhooks/opt-out.js';
import { skipOf } from './keyword-matcher.js';
import { autoRepliesOf } from './matcher-cache.js';
import { selectRule } from './rule-repository.js';

/**
 * The test box: the rules whose keywords match the sample, best first, and which one would answer
 * on the number at the moment (the drain's own matcher and checks, without cooldowns, which
 * depend on the contact). An opt-out word is never answered.
 */
export async function testKeywords(context: AppContext, scope: Scope, test: KeywordTest): Promise<KeywordTestReply> {
  const at = test.at ? new Date(test.at) : new Date();
  const optOut =
    consentRequestOf({ type: 'text', text: { body: test.text } } as unknown as InboundMessage)?.kind === 'stop';
  const config = (await autoRepliesOf(context.pool, [scope.tenantId])).get(scope.tenantId);
  const hits = config?.matcher.hits(test.text) ?? [];
  let winner: (typeof hits)[number] | undefined;
  const matches = hits.map((hit): KeywordTestReply['matches'][number] => {
    const skipped = config ? skipOf(hit.rule, test.numberId ?? null, at, config.timeZone) : null;
    if (skipped === null && !winner && !optOut) {
      winner = hit;
      return { rule_id: hit.rule.id, name: hit.rule.name, keyword: hit.keyword, skipped: null };
    }
    return {
      rule_id: hit.rule.id,
      name: hit.rule.name,
      keyword: hit.keyword,
      skipped: skipped ?? ('lower_priority' satisfies KeywordSkip),
    };
  });
  const rule = winner ? ((await selectRule(context.pool, scope, winner.rule.id)) ?? null) : null;
  return { rule, keyword: rule ? (winner?.keyword ?? null) : null, matches, opt_out: optOut };
}
