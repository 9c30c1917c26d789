import type { Page as ListPage, PullDetails, PullTask } from '@ws/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import {
  chooseOption,
  expectToast,
  openInLanguage,
  postApi,
  readDownloadedCsv,
  recordPageErrors,
} from './console-pages.js';
import { restoreDemoNumber, sandboxControl, useConsentingContacts, useDemo, useDemoTag } from './demo.js';

/**
 * Group invites (/groupManage/pullGroup) driven through the console against the built product and
 * its sandbox: the demo number that is an Official Business Account hosts the groups, the demo
 * template club_invite carries the group in its body variable (Meta's `group_id` parameter), and
 * sandbox customers open the invite they received (`/_sandbox/join-group` by group id). Nine ask to
 * join a group of 8: the group fills, the ninth is declined, the task rotates to its spare group
 * and invites the ninth there, who joins it.
 */

const baseUrl = inject('baseUrl');
const demo = useDemo();
/** The demo numbers (apps/server/src/demo/demo-data.ts): only Offers is an Official Business Account. */
const HOST = '15550101003';
const NOT_OFFICIAL = '15550101001';
const LIVE_TIMEOUT = 90_000;

const RUNS = {
  zh: {
    notOfficial: '不是官方商业账号',
    eligible: '可以建群',
    created: '新增成功',
    allGroups: '全部群',
    header: '号码,名称,群',
  },
  en: {
    notOfficial: 'Not an Official Business Account',
    eligible: 'Can host groups',
    created: 'Created successfully',
    allGroups: 'All groups',
    header: 'Phone,Name,Group',
  },
} as const;

/** Demo contacts with consent, taken from the end of the list (the campaign tests take from its start). */
const consenting = useConsentingContacts(demo);

/**
 * The demo's numbers are shared: another test may have had the host rated RED (which stops it until
 * an operator resumes it). The host is made healthy again, as an operator would.
 */
beforeAll(() => restoreDemoNumber(demo, HOST));

/** Tags the next `count` contacts; their sandbox customers open invite links only when the test says. */
async function inviteesFor(tagId: string, count: number): Promise<string[]> {
  const taken = consenting.splice(-count, count).reverse();
  await postApi(
    baseUrl,
    '/api/friend/settag',
    { ids: taken.map((contact) => contact.id), addTagIds: [tagId] },
    demo.access_token,
  );
  const waIds = taken.map((contact) => contact.wa_id as string);
  await sandboxControl('POST', '/customers', {
    customers: waIds.map((waId) => ({ wa_id: waId, behaviour: { deliver: 1, joinGroup: 0, stop: 0, block: 0 } })),
  });
  return waIds;
}

const detailsOf = (id: string) => postApi<PullDetails>(baseUrl, '/api/group/pulldetails', { id }, demo.access_token);

async function taskNamed(name: string): Promise<PullTask> {
  const page = await postApi<ListPage<PullTask>>(
    baseUrl,
    '/api/group/pulllist',
    { filters: { search: name } },
    demo.access_token,
  );
  return page.records[0] as PullTask;
}

/** The customer opens the invite they received: the group of its `group_id` parameter. */
const join = (waId: string, groupId: string) =>
  sandboxControl<{ result: string }>('POST', '/join-group', { wa_id: waId, group_id: groupId });

/** The customers the sandbox delivered the group's invite to (only they can open it). */
async function deliveredTo(groupId: string | null | undefined): Promise<string[]> {
  const groups = await sandboxControl<{ id: string; invited: string[] }[]>('GET', '/groups');
  return groups.find((group) => group.id === groupId)?.invited ?? [];
}

const rowOf = (page: Page, name: string) =>
  page.locator('[data-testid=pull-table] tr.ant-table-row', { hasText: name });

describe('group invites (/groupManage/pullGroup)', () => {
  const browser = useBrowser();
  const tags = { zh: useDemoTag(demo, 'contact', '#13C2C2'), en: useDemoTag(demo, 'contact', '#13C2C2') };

  for (const language of ['zh', 'en'] as const) {
    const run = RUNS[language];
    it(`in ${language}: customers join through the invite, fill a group of 8 and the task rotates to the next`, async () => {
      const { page } = browser;
      const pageErrors = recordPageErrors(page);
      const tag = tags[language];
      const invitees = await inviteesFor(tag.id, 9);
      const name = `e2e club ${language} ${Date.now()}`;
      await openInLanguage(page, baseUrl, demo, language, '/groupManage/pullGroup');
      await page.getByTestId('pull-group-page').waitFor();

      await page.getByTestId('pull-create').click();
      await page.getByTestId('pull-form').waitFor();
      await animationsSettled(page);
      await page.getByTestId('pull-form-name').fill(name);
      await page.getByTestId('pull-form-subject').fill(`Club ${language} {n}`);
      // A number that is no Official Business Account is shown with the reason it cannot host groups.
      await chooseOption(page, 'pull-form-hosts', NOT_OFFICIAL, NOT_OFFICIAL);
      await page.getByTestId('pull-form-name').click();
      const checks = page.getByTestId('pull-host-check');
      await checks.filter({ hasText: run.notOfficial }).waitFor({ timeout: LIVE_TIMEOUT });
      await saveScreenshot(page, `pull-group-hosts-${language}`);
      await page.getByTestId('pull-form-hosts').locator('.ant-select-selection-item-remove').first().click();
      await chooseOption(page, 'pull-form-hosts', HOST, HOST);
      await page.getByTestId('pull-form-name').click();
      await checks.filter({ hasText: run.eligible }).waitFor({ timeout: LIVE_TIMEOUT });
      await chooseOption(page, 'pull-form-tags', tag.name, tag.name);
      await page.getByTestId('pull-form-name').click();
      await chooseOption(page, 'pull-form-template', 'club_invite', 'club');
      // Its body's one variable carries the group: chosen for the operator.
      await page.getByTestId('pull-form-invite-variable').filter({ hasText: 'body.1' }).waitFor();
      await page.getByTestId('pull-form-per-group').fill('20');
      await saveScreenshot(page, `pull-group-form-${language}`);
      await page.getByTestId('pull-save').click();
      await expectToast(page, run.created);
      await page.getByTestId('pull-form').waitFor({ state: 'detached' });

      const row = rowOf(page, name);
      await row.locator('[data-testid=pull-status][data-status=draft]').waitFor();
      await row.getByTestId('pull-start').click();
      await expect.poll(() => row.getByTestId('pull-status').getAttribute('data-status')).not.toBe('draft');
      // Every invitee gets the invite by template; the list follows the roll-ups.
      const task = await taskNamed(name);
      await expect.poll(async () => (await detailsOf(task.id)).task.invited, { timeout: LIVE_TIMEOUT }).toBe(9);
      const first = (await detailsOf(task.id)).groups.find((group) => group.role === 'current');
      expect(first?.invite_link).toMatch(/^https:\/\/chat\.whatsapp\.com\//);
      await expect.poll(async () => (await deliveredTo(first?.group_id)).length, { timeout: LIVE_TIMEOUT }).toBe(9);
      // The invite went as the group's id and reads as the group's link to the customer.
      const received = await sandboxControl<{ body: unknown; text: string }[]>(
        'GET',
        `/messages?to=${invitees[0]}&direction=out`,
      );
      expect(received.at(-1)?.text).toContain(first?.invite_link);
      expect(JSON.stringify(received.at(-1)?.body)).toContain(`"group_id":"${first?.group_id}"`);

      // The customers open the invite themselves: 8 are let in, the ninth is declined.
      for (const waId of invitees) expect((await join(waId, first?.group_id as string)).result).toBe('requested');
      await expect.poll(async () => (await detailsOf(task.id)).task.joined, { timeout: LIVE_TIMEOUT }).toBe(8);
      const filled = await detailsOf(task.id);
      expect(filled.groups.find((group) => group.id === first?.id)).toMatchObject({
        role: 'full',
        participant_count: 8,
      });
      const next = filled.groups.find((group) => group.role === 'current');
      expect(next?.invite_link).toBeTruthy();
      expect(next?.id).not.toBe(first?.id);

      // The declined one gets the next group's invite by template and joins there.
      const members = new Set(filled.groups.find((group) => group.id === first?.id)?.members.map((m) => m.wa_id));
      const ninth = invitees.find((waId) => !members.has(waId)) as string;
      await expect
        .poll(async () => (await deliveredTo(next?.group_id)).includes(ninth), { timeout: LIVE_TIMEOUT })
        .toBe(true);
      expect((await join(ninth, next?.group_id as string)).result).toBe('requested');
      await expect.poll(async () => (await detailsOf(task.id)).task.joined, { timeout: LIVE_TIMEOUT }).toBe(9);

      await page.getByTestId('pull-refresh').click();
      await row.getByTestId('pull-joined').filter({ hasText: '9' }).waitFor({ timeout: LIVE_TIMEOUT });
      await row.getByTestId('pull-name-link').click();
      const drawer = page.getByTestId('pull-details-drawer');
      await drawer.locator('[data-testid=pull-group-role][data-role=full]').waitFor({ timeout: LIVE_TIMEOUT });
      await drawer.locator('[data-testid=pull-group-role][data-role=current]').waitFor();
      await drawer.getByTestId('pull-group-participants').filter({ hasText: '8 / 8' }).waitFor();
      await saveScreenshot(page, `pull-group-details-${language}`);
      const lines = await readDownloadedCsv(page, () => drawer.getByTestId('pull-export-joined').click());
      expect(lines[0]?.startsWith(run.header)).toBe(true);
      expect(lines).toHaveLength(10);
      for (const waId of invitees) expect(lines.some((line) => line.startsWith(`+${waId},`))).toBe(true);

      // Every group of the tenant, the task's three among them.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: run.allGroups }).click();
      const groupRows = page.locator('[data-testid=all-groups-table] tr.ant-table-row');
      await groupRows
        .filter({ hasText: `Club ${language} 1` })
        .filter({ hasText: '8 / 8' })
        .waitFor();
      await groupRows.filter({ hasText: `Club ${language} 3` }).waitFor();
      expect(pageErrors).toEqual([]);
    }, 240_000);
  }
});
