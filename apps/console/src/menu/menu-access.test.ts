import { calls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { PAGES } from '../app/pages.js';
import { resources } from '../i18n/locales/index.js';
import { MENU, type MenuNode } from './menu.js';
import { entryOf, leavesOf, mayCall, mayOpen, menuFor, searchMenu, targetOf } from './menu-access.js';

const zhName = (entry: { name: string }) => (resources.zh.menu as unknown as Record<string, string>)[entry.name]!;
const enName = (entry: { name: string }) => (resources.en.menu as unknown as Record<string, string>)[entry.name]!;
const paths = (menu: readonly MenuNode[]) => leavesOf(menu).map((leaf) => leaf.path);

describe('menu', () => {
  it('has every path of the specification', () => {
    const all = paths(MENU);
    for (const path of [
      '/terrace/port_record',
      '/terrace/user',
      '/terrace/log',
      '/terrace/notice',
      '/ipmanager/systemip',
      '/ipmanager/myip',
      '/accountmanage/warehousing',
      '/accountmanage/wslist',
      '/accountmanage/registration',
      '/accountmanage/recycle',
      '/groupManage/pullGroup',
      '/passenger/list',
      '/passenger/data',
      '/passenger/fanTag',
      '/passenger/chat_record',
      '/dataManager/fansData',
      '/content/material',
      '/content/template',
      '/content/script',
      '/content/keyword',
      '/content/friendsvia',
      '/marketingTasks/massHair',
      '/marketingTasks/explosivePowder',
      '/marketingTasks/cultureTask',
      '/marketingTasks/vermicelliOrder',
      '/marketingTasks/diversionlink',
      '/bill/rate',
      '/bill/useRate',
      '/bill/translate',
      '/bill/useTranslate',
      '/bill/payport',
      '/systemlog/operate',
      '/help/index',
      '/notice/index',
      '/log/index',
      '/info/index',
      '/wel/index',
      '/wel/dashboard',
    ]) {
      expect(all).toContain(path);
    }
  });

  it('names every entry in both languages', () => {
    const nodes = [...MENU, ...leavesOf(MENU)];
    expect(nodes.filter((node) => !zhName(node) || !enName(node)).map((node) => node.name)).toEqual([]);
  });

  it('hides platform management and registration from operators', () => {
    const operator = paths(menuFor('operator'));
    expect(operator.some((path) => path.startsWith('/terrace'))).toBe(false);
    expect(operator).not.toContain('/accountmanage/registration');
    expect(operator).toContain('/accountmanage/wslist');
    expect(operator).toContain('/content/template');
    const admin = paths(menuFor('admin'));
    expect(admin).toContain('/terrace/user');
    expect(admin).toContain('/accountmanage/registration');
    expect(mayOpen('/terrace/notice', 'operator')).toBe(false);
    expect(mayOpen('/accountmanage/registration', 'operator')).toBe(false);
    expect(mayOpen('/passenger/list', 'operator')).toBe(true);
  });

  it("takes a built page's roles from its call's access in the contract", () => {
    const withCalls = leavesOf(MENU).filter((leaf) => leaf.call);
    expect(withCalls.length).toBeGreaterThan(5);
    for (const leaf of withCalls) {
      const access = leaf.call!.access;
      expect(leaf.allowedRoles, leaf.path).toEqual(typeof access === 'string' ? undefined : access);
    }
    // Built pages open for every signed-in role; every other built page names the call that loads it.
    const forEveryone = ['/info/index', '/wel/index', '/wel/dashboard', '/help/index'];
    const withoutCall = Object.keys(PAGES).filter((path) => !forEveryone.includes(path) && !entryOf(path)?.call);
    expect(withoutCall).toEqual([]);
  });

  it('shows a seat no page whose call refuses seats', () => {
    const seat = paths(menuFor('seat'));
    expect(seat).not.toContain('/passenger/list');
    expect(seat).not.toContain('/accountmanage/wslist');
    expect(mayOpen('/passenger/list', 'seat')).toBe(false);
    expect(seat).not.toContain('/content/template');
    expect(mayOpen('/content/template', 'seat')).toBe(false);
    expect(seat).toContain('/info/index');
  });

  it('finds the entry of a parameter route', () => {
    expect(entryOf('/passenger/chat_record/12345')?.name).toBe('chatRecord');
    expect(entryOf('/passenger/listing')).toBeUndefined();
  });

  it('searches leaf names by prefix, ignoring case, without hidden entries', () => {
    const menu = menuFor('admin');
    expect(searchMenu(menu, 'con', enName).map((leaf) => leaf.path)).toEqual([
      '/passenger/list',
      '/passenger/data',
      '/passenger/fanTag',
    ]);
    expect(searchMenu(menu, 'CONTACT L', enName).map((leaf) => leaf.path)).toEqual(['/passenger/list']);
    expect(searchMenu(menu, '账号', zhName).map((leaf) => leaf.path)).toEqual([
      '/accountmanage/warehousing',
      '/accountmanage/wslist',
      '/content/script',
    ]);
    expect(searchMenu(menu, 'console', enName)).toEqual([]);
    expect(searchMenu(menu, '  ', enName)).toEqual([]);
    expect(searchMenu(menuFor('operator'), 'customers', enName)).toEqual([]);
  });

  it('opens external entries in the embedded-page route', () => {
    const docs = leavesOf(MENU).find((leaf) => leaf.url)!;
    expect(targetOf(docs)).toBe(`/myiframe/other-api-docs?src=${encodeURIComponent(`${location.origin}/api/docs`)}`);
  });

  it("lets a page show what a role may call, from the call's access", () => {
    expect(mayCall(calls.customers, 'admin')).toBe(true);
    expect(mayCall(calls.customers, 'operator')).toBe(false);
    expect(mayCall(calls.messageConversations, 'seat')).toBe(true);
    expect(mayCall(calls.contactList, 'seat')).toBe(false);
    expect(mayCall(calls.userInfo, 'seat')).toBe(true);
    expect(mayCall(calls.userInfo, undefined)).toBe(false);
    expect(mayCall(calls.login, undefined)).toBe(true);
  });
});
