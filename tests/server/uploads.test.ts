import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { JPEG_1PX, PNG_1PX } from './images';

describe('uploads', () => {
  let s: TestServer;
  let user: Awaited<ReturnType<TestServer['signUp']>>;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
    user = await s.signUp();
  });
  afterAll(() => s.close());

  it('needs a session', async () => {
    const res = await s.upload(null, JPEG_1PX);
    expect(res.body).toMatchObject({ type: 999 });
  });

  it('stores a private image under a random name, readable only through its signed link', async () => {
    const res = await s.upload(user.token, JPEG_1PX, { scene: 'identity' });
    expect(res.body.type).toBe('ok');
    const url = res.body.message as string;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg\?exp=\d+&sig=[\w-]+$/);
    const ok = await fetch(s.url + url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(JPEG_1PX);

    const bare = url.split('?')[0]!;
    expect((await fetch(s.url + bare)).status).toBe(404);
    expect((await fetch(`${s.url}${bare}?exp=99999999999999&sig=forged`)).status).toBe(404);
    const [, query] = url.split('?');
    const sig = new URLSearchParams(query).get('sig');
    expect((await fetch(`${s.url}${bare}?exp=${Date.now() + 999_999_999}&sig=${sig}`)).status).toBe(404);
    const viaOps = await fetch(s.url + bare, { headers: { 'x-ops-token': s.opsToken } });
    expect(viaOps.status).toBe(200);
  });

  it('serves avatars publicly', async () => {
    const res = await s.upload(user.token, PNG_1PX, { scene: 'avatar', type: 'image/png', filename: 'me.png' });
    const url = res.body.message as string;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const got = await fetch(s.url + url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
  });

  it.each([
    ['HTML renamed .jpg', '<html><body><script>alert(1)</script></body></html>', 'page.jpg', 'image/jpeg'],
    ['SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'pic.svg', 'image/svg+xml'],
    ['a PDF', '%PDF-1.4 fake', 'doc.jpg', 'image/jpeg'],
    ['an empty file', '', 'empty.jpg', 'image/jpeg'],
  ])('refuses %s by its content, whatever its name', async (_label, data, filename, type) => {
    const res = await s.upload(user.token, data, { filename, type });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('error');
    expect(String(res.body.message)).toMatch(/The file is not a valid image \(JPEG, PNG, WebP or GIF\)|Please choose an image/);
  });

  it('says why a fake PNG is refused, in the request language', async () => {
    const fake = 'just some text, not a picture';
    const en = await s.upload(user.token, fake, { filename: 'photo.png', type: 'image/png' });
    expect(en.body).toMatchObject({ type: 'error', message: 'The file is not a valid image (JPEG, PNG, WebP or GIF)' });
    const form = new FormData();
    form.append('file', new Blob([fake], { type: 'image/png' }), 'photo.png');
    const vi = await fetch(`${s.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: user.token, 'accept-language': 'vi' },
      body: form,
    });
    expect(await vi.json()).toMatchObject({ type: 'error', message: 'Tệp này không phải là ảnh hợp lệ (JPEG, PNG, WebP hoặc GIF)' });
  });

  it('refuses a file over 5 MB with a clear message', async () => {
    const big = Buffer.concat([JPEG_1PX.subarray(0, 20), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await s.upload(user.token, big);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'error', code: 0, message: 'The image is too large (at most 5 MB)' });
  });

  it('ignores a path in the file name and never writes outside the uploads folder', async () => {
    const before = await readdir(s.dataDir);
    const res = await s.upload(user.token, JPEG_1PX, { filename: '../../../../tmp/evil.jpg' });
    expect(res.body.type).toBe('ok');
    expect(String(res.body.message)).not.toContain('evil');
    expect(await readdir(s.dataDir)).toEqual(before);
    const name = String(res.body.message).split('?')[0]!.split('/').pop()!;
    expect(await readdir(path.join(s.dataDir, 'uploads'))).toContain(name);
  });

  it('refuses an unknown scene and a second file', async () => {
    expect((await s.upload(user.token, JPEG_1PX, { scene: 'everything' })).body).toMatchObject({
      type: 'error',
      message: 'Unknown upload purpose',
    });
    const form = new FormData();
    form.append('a', new Blob([JPEG_1PX]), 'a.jpg');
    form.append('b', new Blob([JPEG_1PX]), 'b.jpg');
    const res = await fetch(`${s.url}/api/upload`, { method: 'POST', headers: { authorization: user.token }, body: form });
    expect(await res.json()).toMatchObject({ type: 'error' });
  });

  it('refuses a non-multipart body', async () => {
    const res = await s.raw('/upload', { file: 'x' }, { token: user.token });
    expect(res.body).toMatchObject({ type: 'error', message: 'Please choose an image' });
  });
});
