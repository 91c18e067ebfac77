// Uploads for files items: stored in the database, readable by their uploader only, and the only files
// putItem accepts in an answer.
import { Readable } from 'node:stream';
import type { FileRef } from '@city/survey-core';
import { buildSubmissionPayload, citizenView } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '@city/line-stand-in';
import { FILE_UPLOAD_LIMITS } from '@city/api-client/contract';
import { CITIZEN_QUESTIONNAIRE } from '@city/demo-data';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const MiB = 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

async function upload(user: TestUser | null, body: Buffer | Readable, contentType: string | undefined, name = '写真.png') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: pathOf('uploadFile'),
    query: { name },
    headers: {
      ...(user === null ? {} : { authorization: `Bearer ${await ctx.tokenFor(user)}` }),
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json<{ data: FileRef; code?: string }>() };
}

async function download(user: TestUser, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await ctx.tokenFor(user)}` } });
}

async function storedFileCount(): Promise<number> {
  return ((await ctx.queryOne('SELECT COUNT(*) AS n FROM uploaded_files')) as { n: number }).n;
}

describe('POST /files', () => {
  it('stores the file and answers its reference; its uploader reads the same bytes back as a download', async () => {
    const [yamada] = ctx.users;
    const uploaded = await upload(yamada!, PNG, 'image/png', '  公園の写真(1).png ');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({
      data: { name: '公園の写真(1).png', url: expect.stringMatching(/^\/survey\/api\/v1\/db\/files\/[0-9a-f]{32}$/) as unknown, contentType: 'image/png', size: PNG.length },
    });

    const response = await download(yamada!, uploaded.body.data.url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('公園の写真')}%281%29.png`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('gives every upload its own unguessable address', async () => {
    const [yamada] = ctx.users;
    const first = await upload(yamada!, PNG, 'image/png');
    const second = await upload(yamada!, PNG, 'image/png');
    expect(first.body.data.url).not.toBe(second.body.data.url);
  });

  it('accepts each image type a phone takes, and PDF', async () => {
    const [yamada] = ctx.users;
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'application/pdf']) {
      const uploaded = await upload(yamada!, PNG, type, 'file');
      expect(uploaded.status, type).toBe(201);
      expect(uploaded.body.data.contentType, type).toBe(type);
    }
  });

  it('refuses other types with 415 unsupported_file_type, storing nothing', async () => {
    const [yamada] = ctx.users;
    for (const type of ['text/html', 'image/svg+xml', 'application/json', 'application/octet-stream', undefined]) {
      const refused = await upload(yamada!, PNG, type);
      expect(refused.status, type).toBe(415);
      expect(refused.body, type).toMatchObject({ statusCode: 415, code: 'unsupported_file_type' });
    }
    expect(await storedFileCount()).toBe(0);
  });

  it('takes files up to 10 MiB and refuses a larger one with 413, with or without a declared length', async () => {
    const [yamada] = ctx.users;
    expect((await upload(yamada!, Buffer.alloc(10 * MiB, 1), 'application/pdf')).status).toBe(201);
    const declared = await upload(yamada!, Buffer.alloc(10 * MiB + 1, 1), 'application/pdf');
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ code: 'file_too_large' });
    const streamed = await upload(yamada!, Readable.from([Buffer.alloc(6 * MiB, 1), Buffer.alloc(6 * MiB, 1)]), 'application/pdf');
    expect(streamed.status).toBe(413);
    expect(await storedFileCount()).toBe(1);
  });

  it('refuses an empty file and a name that is blank, too long, a path or has control characters, with 400', async () => {
    const [yamada] = ctx.users;
    expect(await upload(yamada!, Buffer.alloc(0), 'image/png')).toMatchObject({ status: 400, body: { code: 'empty_file' } });
    expect(await upload(yamada!, PNG, 'image/png', '')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    for (const name of ['   ', 'a'.repeat(FILE_UPLOAD_LIMITS.maxNameLength + 1), '../photo.png', 'dir\\photo.png', 'photo\u0000.png', 'photo\n.png']) {
      const refused = await upload(yamada!, PNG, 'image/png', name);
      expect(refused, JSON.stringify(name)).toMatchObject({ status: 400, body: { code: 'invalid_file_name', message: 'ファイル名が正しくありません。ファイル名を変えてから、もう一度お試しください。' } });
    }
    expect((await upload(yamada!, PNG, 'image/png', 'a'.repeat(FILE_UPLOAD_LIMITS.maxNameLength))).status).toBe(201);
    expect(await storedFileCount()).toBe(1);
  });

  it('needs a signed-in citizen, and limits how often one address uploads', async () => {
    expect(await upload(null, PNG, 'image/png')).toMatchObject({ status: 401, body: { code: 'login_required' } });
    const [yamada] = ctx.users;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await upload(yamada!, PNG, 'image/png')).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });

  it('leaves the JSON routes alone: they take no file types and keep their own body limit', async () => {
    const [yamada] = ctx.users;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/survey/api/v1/db/reservation/putItem',
      headers: { authorization: `Bearer ${await ctx.tokenFor(yamada!)}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('GET /files/:fileId', () => {
  it("answers another citizen's file, and an unknown one, with 404", async () => {
    const [yamada, sato] = ctx.users;
    const uploaded = await upload(yamada!, PNG, 'image/png');
    for (const url of [uploaded.body.data.url, '/survey/api/v1/db/files/0123456789abcdef0123456789abcdef']) {
      const response = await download(sato!, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'file_not_found' });
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: uploaded.body.data.url });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('files answers in putItem', () => {
  const questionnaire = citizenView(CITIZEN_QUESTIONNAIRE);
  const answers = { name: '山田太郎', phone: '090-1234-5678', area: '東区', satisfaction: '満足' };
  const put = (user: TestUser, photos: FileRef[]) =>
    ctx.call(user, 'putReservation', {
      body: buildSubmissionPayload({ config: questionnaire, userId: user.userId, answers: { ...answers, photos } }),
    });
  const storedRows = () => ctx.query('SELECT * FROM survey_results WHERE survey_id = ?', ['citizen-questionnaire']);

  it("accept the citizen's own uploads, as they were uploaded", async () => {
    const [yamada] = ctx.users;
    const photo = (await upload(yamada!, PNG, 'image/png')).body.data;
    const pdf = (await upload(yamada!, Buffer.from('%PDF-1.7'), 'application/pdf', '地図.pdf')).body.data;
    const saved = await put(yamada!, [photo, pdf]);
    expect(saved.status).toBe(200);
    const record = await ctx.call(yamada!, 'getSurveyResultsByUser', { query: { surveyId: 'citizen-questionnaire' } });
    const rows = record.body.data;
    expect(rows.find((row) => row.itemKey === 'photos')?.files).toEqual([photo, pdf]);
  });

  it("refuse another citizen's upload, a made-up address, an outside address or a changed description, storing nothing", async () => {
    const [yamada, sato] = ctx.users;
    const own = (await upload(yamada!, PNG, 'image/png')).body.data;
    const satos = (await upload(sato!, PNG, 'image/png')).body.data;
    const before = await storedRows();
    for (const photos of [
      [satos],
      [own, { ...own, url: '/survey/api/v1/db/files/0123456789abcdef0123456789abcdef' }],
      [{ name: 'a.png', url: 'https://files.example/a.png', contentType: 'image/png', size: 10 }],
      [{ ...own, size: 1 }],
      [{ ...own, name: 'other.png' }],
      [{ name: own.name, url: own.url }],
    ]) {
      const refused = await put(yamada!, photos);
      expect(refused.status, JSON.stringify(photos)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_file', fields: { photos: expect.any(String) as unknown } });
    }
    expect(await storedRows()).toEqual(before);
  });
});
