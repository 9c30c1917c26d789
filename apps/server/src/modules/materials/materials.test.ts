/**
 * The material library's calls: every type added, listed, read, edited and deleted by its own
 * delete; tags; `ownmater`; bad input naming the field; another tenant's ids as 404s.
 */
import { calls, materialDeleteCalls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { signedInUser, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { mediaSamples } from '../inbox/media-samples.js';
import { addMaterial, uploadedUrl } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'mater');
const { a: operator, b: other, seat } = tenants;

const post = (path: string, body: object, token = operator.token) => t.post(`/api/mater/${path}`, { token, body });
const titlesOf = async (tp: string, filters: object = {}, token = operator.token) => {
  const reply = await post('list', { tp, filters }, token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.records.map((record: { title: string }) => record.title);
};

const files: Record<string, string> = {};
beforeAll(async () => {
  for (const sample of await mediaSamples()) {
    files[sample.fileName] = await uploadedUrl(t, operator, sample.fileName, sample.type, sample.content);
  }
});

describe('material calls refuse strangers and bad input', () => {
  it('checks every call', async () => {
    await refusesStrangers(t, tenants, calls.materialList, {
      valid: () => ({ tp: 'text' }),
      bad: [
        [{}, 'tp'],
        [{ tp: 'gif' }, 'tp'],
        [{ tp: 'img', filters: { tagId: 'x' } }, 'filters.tagId'],
      ],
    });
    await refusesStrangers(t, tenants, calls.materialAdd, {
      valid: () => ({ tp: 'text', title: 'hi', text: 'Hello' }),
      bad: [
        [{ tp: 'text', title: 'two words', text: 'x' }, 'title'],
        [{ tp: 'text', title: 'ok', text: '' }, 'text'],
        [{ tp: 'img', title: 'x', upload: 'http://elsewhere/a.png' }, 'upload'],
        [{ tp: 'img', title: 'x' }, 'upload'],
        [{ tp: 'card', title: 'x', card: { name: 'Ana', phones: [] } }, 'card.phones'],
        [{ tp: 'card', title: 'x', card: { name: 'Ana', phones: ['12ab'] } }, 'card.phones.0'],
        [{ tp: 'card', title: 'x', card: { name: 'Ana', phones: ['+34600111222'], email: 'no' } }, 'card.email'],
        [{ tp: 'auto', title: 'x', steps: [] }, 'steps'],
        [{ tp: 'auto', title: 'x', steps: [{ materialId: '1', delaySeconds: 3601 }] }, 'steps.0.delaySeconds'],
        [{ tp: 'imgtext', title: 'x', upload: '/uploads/a/b.png', text: '' }, 'text'],
        [
          { tp: 'imgtext', title: 'x', upload: '/uploads/a/b.png', text: 'y', buttons: [{ title: 'x'.repeat(21) }] },
          'buttons.0.title',
        ],
        [
          {
            tp: 'imgtext',
            title: 'x',
            upload: '/uploads/a/b.png',
            text: 'y',
            buttons: [{ title: 'a' }, { title: 'a' }],
          },
          'buttons',
        ],
        [{ tp: 'video', title: '', upload: '/uploads/a/b.mp4' }, 'title'],
        [{ tp: 'text', title: 'x', text: 'y', tagId: 'tag' }, 'tagId'],
      ],
    });
    await refusesStrangers(t, tenants, calls.materialEdit, {
      valid: () => ({ id: '1', tp: 'text', title: 'hi', text: 'Hello' }),
      bad: [[{ id: 'x', tp: 'text', title: 'hi', text: 'Hello' }, 'id']],
    });
    await refusesStrangers(t, tenants, calls.materialGet, { valid: () => ({ id: '1' }), bad: [[{}, 'id']] });
    await refusesStrangers(t, tenants, calls.materialOwn, { valid: () => ({ tp: 'img' }), bad: [[{ tp: 1 }, 'tp']] });
    await refusesStrangers(t, tenants, calls.materialTagList, { valid: () => ({}) });
    await refusesStrangers(t, tenants, calls.materialTagAdd, {
      valid: () => ({ name: 'x' }),
      bad: [[{ name: ' ' }, 'name']],
    });
    await refusesStrangers(t, tenants, calls.materialTagEdit, {
      valid: () => ({ id: '1', name: 'x' }),
      bad: [[{ id: '1' }, 'name']],
    });
    await refusesStrangers(t, tenants, calls.materialTagDel, {
      valid: () => ({ ids: ['1'] }),
      bad: [[{ ids: [] }, 'ids']],
      onlyStrangers: { body: () => ({ ids: ['999999999'] }), field: 'ids' },
    });
    await refusesStrangers(t, tenants, calls.materialBind, {
      valid: () => ({ materialIds: ['1'], userIds: ['1'] }),
      bad: [
        [{ materialIds: ['1'] }, 'userIds'],
        [{ materialIds: [], userIds: ['1'] }, 'materialIds'],
      ],
      onlyStrangers: { body: () => ({ materialIds: ['999999999'], userIds: [seat.userId] }), field: 'materialIds' },
    });
    await refusesStrangers(t, tenants, calls.materialUnbind, {
      valid: () => ({ ids: ['1'] }),
      onlyStrangers: { body: () => ({ ids: ['999999999'] }), field: 'ids' },
    });
    await refusesStrangers(t, tenants, calls.materialBindList, { valid: () => ({ id: '1' }) });
    for (const call of Object.values(materialDeleteCalls)) {
      await refusesStrangers(t, tenants, call, {
        valid: () => ({ ids: ['1'] }),
        bad: [[{ ids: ['x'] }, 'ids.0']],
        onlyStrangers: { body: () => ({ ids: ['999999999'] }), field: 'ids' },
      });
    }
  });
});

describe('materials of every type', () => {
  it('adds, reads, lists and edits each type', async () => {
    const text = await addMaterial(t, operator, { tp: 'text', title: 'hours', text: 'We open at 9.' });
    expect(text).toMatchObject({ tp: 'text', title: 'hours', text: 'We open at 9.', file: null, bindings: 0 });
    expect(text.owner_user_id).toBe(operator.userId);
    const img = await addMaterial(t, operator, {
      tp: 'img',
      title: 'Menu',
      upload: files['menu.png'],
      text: 'Our menu',
    });
    expect(img.file).toMatchObject({ url: files['menu.png'], type: 'image/png', name: 'menu.png' });
    expect(img.file.thumbnail_url).toMatch(/\.thumb\.jpg$/);
    const audio = await addMaterial(t, operator, { tp: 'audio', title: 'Voice', upload: files['voice.ogg'] });
    expect(audio.file.type).toBe('audio/ogg');
    const video = await addMaterial(t, operator, { tp: 'video', title: 'Clip', upload: files['clip.mp4'] });
    expect(video.file.type).toBe('video/mp4');
    const word = await addMaterial(t, operator, { tp: 'word', title: 'Prices', upload: files['precios.xlsx'] });
    expect(word.file.name).toBe('precios.xlsx');
    const card = await addMaterial(t, operator, {
      tp: 'card',
      title: 'Sales',
      card: { name: 'Ana López', phones: ['+34600111222'], company: 'Tienda' },
    });
    expect(card.card).toEqual({
      name: 'Ana López',
      phones: ['+34600111222'],
      email: '',
      company: 'Tienda',
      title: '',
      url: '',
    });
    const imgtext = await addMaterial(t, operator, {
      tp: 'imgtext',
      title: 'Offer',
      upload: files['menu.png'],
      text: 'Two for one today',
      buttons: [{ title: 'Order' }, { title: 'Later' }],
    });
    expect(imgtext.buttons).toEqual([{ title: 'Order' }, { title: 'Later' }]);
    const auto = await addMaterial(t, operator, {
      tp: 'auto',
      title: 'Welcome',
      steps: [
        { materialId: text.id, delaySeconds: 0 },
        { materialId: img.id, delaySeconds: 5 },
      ],
    });
    expect(auto.steps).toEqual([
      { material_id: text.id, delay_seconds: 0, tp: 'text', title: 'hours' },
      { material_id: img.id, delay_seconds: 5, tp: 'img', title: 'Menu' },
    ]);

    expect(await titlesOf('img')).toEqual(['Menu']);
    expect(await titlesOf('imgtext')).toEqual(['Offer']);
    expect(await titlesOf('text', { search: 'open' })).toEqual(['hours']);
    const got = await post('getmater', { id: card.id });
    expect(got.body.data).toEqual(card);

    const edited = await post('edit', {
      id: auto.id,
      tp: 'auto',
      title: 'Welcome 2',
      steps: [{ materialId: card.id, delaySeconds: 60 }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.steps).toEqual([{ material_id: card.id, delay_seconds: 60, tp: 'card', title: 'Sales' }]);
    // The type cannot change: an edit naming another type does not find the material.
    const retyped = await post('edit', { id: text.id, tp: 'card', title: 'x', card: { name: 'x', phones: ['12345'] } });
    expect(retyped.status).toBe(404);
    expect(retyped.body.message).toBe('id: 素材不存在');
  });

  it("refuses a file of another type, an automatic reply naming itself or another's, and a taken shortcut", async () => {
    const wrongKind = await post('add', { tp: 'img', title: 'x', upload: files['factura.pdf'] });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toBe('upload: 图片须为 JPEG 或 PNG（此文件为 application/pdf）');
    const sticker = await post('add', { tp: 'video', title: 'x', upload: files['gracias.webp'] });
    expect(sticker.body.message).toMatch(/^upload: /);
    const unknownFile = await post('add', { tp: 'audio', title: 'x', upload: '/uploads/nowhere/x.ogg' });
    expect(unknownFile.status).toBe(404);
    expect(unknownFile.body.message).toBe('upload: 文件不存在');
    const inner = await addMaterial(t, operator, {
      tp: 'auto',
      title: 'inner',
      steps: [{ materialId: (await addMaterial(t, operator, { tp: 'text', title: 'bye', text: 'Bye' })).id }],
    });
    const nested = await post('add', { tp: 'auto', title: 'outer', steps: [{ materialId: inner.id }] });
    expect(nested.status).toBe(404);
    expect(nested.body.message).toBe('steps.0.materialId: 素材不存在');
    await addMaterial(t, operator, { tp: 'text', title: 'Price', text: '10 €' });
    const taken = await post('add', { tp: 'text', title: 'PRICE', text: 'again' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('title: 该快捷短语已存在');
  });

  it('deletes each type by its own delete, and not one an automatic reply uses', async () => {
    const text = await addMaterial(t, operator, { tp: 'text', title: 'gone', text: 'Soon gone' });
    const used = await addMaterial(t, operator, { tp: 'text', title: 'kept', text: 'Kept' });
    const auto = await addMaterial(t, operator, { tp: 'auto', title: 'uses', steps: [{ materialId: used.id }] });
    const wrongDelete = await post('imagedel', { ids: [text.id] });
    expect(wrongDelete.status).toBe(404);
    expect(wrongDelete.body.message).toBe('ids: 素材不存在');
    expect((await post('quickdel', { ids: [text.id] })).body.data).toEqual({ count: 1 });
    const refused = await post('quickdel', { ids: [used.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^ids: /);
    expect((await post('autodel', { ids: [auto.id] })).body.data).toEqual({ count: 1 });
    expect((await post('quickdel', { ids: [used.id] })).body.data).toEqual({ count: 1 });
    for (const [tp, del] of [
      ['img', 'imagedel'],
      ['audio', 'audiodel'],
      ['video', 'videodel'],
      ['card', 'carddel'],
      ['word', 'worddel'],
      ['imgtext', 'imgtextdel'],
    ]) {
      const ids = (await post('list', { tp })).body.data.records.map((record: { id: string }) => record.id);
      if (ids.length === 0) continue;
      const used = await t.pool.query(
        'select 1 from material_step where tenant_id = $1 and material_id = any($2::bigint[])',
        [operator.tenantId, ids],
      );
      if (used.rowCount) await t.pool.query('delete from material_step where tenant_id = $1', [operator.tenantId]);
      expect((await post(del as string, { ids })).body.data, tp).toEqual({ count: ids.length });
      expect(await titlesOf(tp as string)).toEqual([]);
    }
  });
});

describe('material tags and ownmater', () => {
  it('tags materials, filters by tag, renames, and untags on delete', async () => {
    const tag = (await post('tagadd', { name: 'Promos' })).body.data;
    expect(tag).toMatchObject({ name: 'Promos', count: 0 });
    const taken = await post('tagadd', { name: 'promos' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('name: 标签名称“promos”已存在');
    const tagged = await addMaterial(t, operator, {
      tp: 'card',
      title: 'Tagged',
      tagId: tag.id,
      card: { name: 'A', phones: ['12345'] },
    });
    expect(tagged.tag).toEqual({ id: tag.id, name: 'Promos' });
    await addMaterial(t, operator, { tp: 'card', title: 'Plain', card: { name: 'B', phones: ['12345'] } });
    expect(await titlesOf('card', { tagId: tag.id })).toEqual(['Tagged']);
    const renamed = await post('tagedit', { id: tag.id, name: 'Offers' });
    expect(renamed.body.data).toMatchObject({ name: 'Offers', count: 1 });
    expect((await post('taglist', {})).body.data.map((each: { name: string }) => each.name)).toEqual(['Offers']);
    expect((await post('tagdel', { ids: [tag.id] })).body.data).toEqual({ count: 1 });
    expect((await post('getmater', { id: tagged.id })).body.data.tag).toBeNull();
  });

  it("answers the caller's own materials of a type", async () => {
    const colleague = await signedInUser(t, operator.tenantId, 'operator');
    const mine = await addMaterial(t, operator, { tp: 'word', title: 'Mine', upload: files['notas.txt'] });
    await addMaterial(t, colleague, { tp: 'word', title: 'Theirs', upload: files['notas.txt'] });
    const own = await post('ownmater', { tp: 'word' });
    expect(own.body.data.map((m: { id: string }) => m.id)).toEqual([mine.id]);
    expect(await titlesOf('word')).toEqual(['Theirs', 'Mine']);
  });
});

describe('tenant isolation', () => {
  it("treats another tenant's materials, tags, files and users as unknown", async () => {
    const tag = (await post('tagadd', { name: 'Private' })).body.data;
    const material = await addMaterial(t, operator, {
      tp: 'img',
      title: 'Secret',
      upload: files['menu.png'],
      tagId: tag.id,
    });
    const asOther = (path: string, body: object) => post(path, body, other.token);
    expect((await asOther('getmater', { id: material.id })).body.message).toBe('id: 素材不存在');
    expect((await asOther('bindlist', { id: material.id })).status).toBe(404);
    expect((await asOther('edit', { id: material.id, tp: 'img', title: 'x', upload: files['menu.png'] })).status).toBe(
      404,
    );
    expect((await asOther('imagedel', { ids: [material.id] })).status).toBe(404);
    expect((await asOther('tagedit', { id: tag.id, name: 'x' })).body.message).toBe('id: 素材标签不存在');
    expect((await asOther('tagdel', { ids: [tag.id] })).status).toBe(404);
    const foreignTag = await asOther('add', { tp: 'text', title: 'x', text: 'y', tagId: tag.id });
    expect(foreignTag.status).toBe(404);
    expect(foreignTag.body.message).toBe('tagId: 素材标签不存在');
    const foreignFile = await asOther('add', { tp: 'img', title: 'x', upload: files['menu.png'] });
    expect(foreignFile.status).toBe(404);
    expect(foreignFile.body.message).toBe('upload: 文件不存在');
    const foreignStep = await asOther('add', { tp: 'auto', title: 'x', steps: [{ materialId: material.id }] });
    expect(foreignStep.body.message).toBe('steps.0.materialId: 素材不存在');
    expect((await asOther('binduser', { materialIds: [material.id], userIds: [other.userId] })).status).toBe(404);
    const foreignUser = await post('binduser', { materialIds: [material.id], userIds: [other.userId] });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.message).toBe('userIds: 用户不存在');
    expect(await titlesOf('img', {}, other.token)).toEqual([]);
    expect((await post('taglist', {}, other.token)).body.data).toEqual([]);
  });
});
