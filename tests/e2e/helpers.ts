import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { contract, type EndpointPath, type OutputOf } from '../../domain/api/contract';

export const base = inject('baseUrl');
const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/** The newest code the development outbox holds for `to`. */
export async function latestCode(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const list = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { code: string }[];
    if (list[0]) return list[0].code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${to}`);
}

/** Calls endpoint `pathname` of the contract as the app would (its method, form-urlencoded); typed by the contract. */
export async function api<P extends EndpointPath>(pathname: P, params: Record<string, string>, token?: string): Promise<OutputOf<P>> {
  const isGet = contract[pathname].method === 'GET';
  const form = new URLSearchParams(params);
  const auth: Record<string, string> = token ? { authorization: token } : {};
  const res = await fetch(`${base}/api${pathname}${isGet ? `?${form}` : ''}`, {
    method: contract[pathname].method,
    headers: isGet ? auth : { 'content-type': 'application/x-www-form-urlencoded', ...auth },
    body: isGet ? undefined : form,
  });
  const body = (await res.json()) as { type: string; message: OutputOf<P> };
  if (body.type !== 'ok') throw new Error(`${pathname}: ${String(body.message)}`);
  return body.message;
}

/**
 * Asks for a verification code through `pathname`, again while the server answers that the last
 * code to that address or phone is too recent (the e2e server allows one every 2 s,
 * `CODE_RESEND_SECONDS`): waits on the server's answer, never on a fixed time.
 */
export async function sendCode<P extends EndpointPath>(pathname: P, params: Record<string, string>, token?: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      await api(pathname, params, token);
      return;
    } catch (error) {
      if (tries >= 400 || !/Please wait \d+ seconds/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Registers an email account through the API and returns its token. */
export async function registerByApi(email: string, password: string): Promise<string> {
  await api('/sms_mail', { user_string: email, scene: 'register' });
  await api('/user/register', { type: 'email', user_string: email, code: await latestCode(email), password, re_password: password });
  return loginByApi(email, password);
}

/** Logs in through the API (an account without two-factor) and returns its token. */
export async function loginByApi(email: string, password: string): Promise<string> {
  const answer = await api('/user/login', { user_string: email, password });
  if (typeof answer !== 'string') throw new Error(`${email} has two-factor on: log in with the second step`);
  return answer;
}

/** Opens the app already signed in with `token`. */
export async function signInWith(page: Page, token: string, route = '/#/pages/index/index'): Promise<void> {
  await page.goto(`${base}/#/`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  // The token is read at start, and a hash change does not restart the app: open the route as a
  // new document (by way of about:blank, so it cannot be a same-document hash change). A hash
  // change followed by a reload once left a busy CI machine's page on the home page instead.
  await page.goto('about:blank');
  await page.goto(base + route);
}

/** Runs `npm run ops -- <args>` against the e2e server, as an operator would. */
export async function opsCli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, OPS_URL: base, DATA_DIR: inject('dataDir') },
  });
  return stdout;
}

/**
 * Starts keeping the text of every toast the page shows from now on (a toast goes away; what it
 * said stays readable with `toastsSeen`, so a test polls lasting state). Lives until a reload.
 */
export async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { toastsSeen?: string[] };
    w.toastsSeen = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        const text = el.textContent ?? '';
        if (text && !w.toastsSeen!.includes(text)) w.toastsSeen!.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** The toasts shown since `watchToasts`. */
export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { toastsSeen?: string[] }).toastsSeen ?? []);
}
