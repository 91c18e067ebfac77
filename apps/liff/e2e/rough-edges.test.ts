import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatSlotDate } from '@city/ui';
import { quietDate, slotCell, TIMES } from './demo-calendar.js';
import { bookAndPayAs, fieldOf, logInAs, ONE_PIXEL_PNG, TEST_USERS, textShows, useTestWorld } from './harness.js';

// What a citizen on a phone tripped over (issue 29), each walked as they met it: one fresh
// database for the file, each test on its own signed-in page.
const world = useTestWorld();

/** A new phone page, signed in as `user`. */
async function signedIn(user: (typeof TEST_USERS)[keyof typeof TEST_USERS] = TEST_USERS.yamada): Promise<Page> {
  const page = await world.newPhonePage();
  await logInAs(page, user);
  return page;
}

const field = fieldOf;

describe('the photo a citizen picks', () => {
  it('shows its thumbnail under the Content-Security-Policy, with no violation', async () => {
    const page = await signedIn();
    await page.goto('/survey/citizen-questionnaire');
    // The server's form waits in a disabled fieldset until the app is live. Playwright sets a file
    // on a disabled input all the same (it does not wait as fill and click do), and hydration then
    // drops it: on a busy machine the file went in before the app was there.
    const fileInput = page.locator('input[type=file]');
    await expect.poll(() => fileInput.isEnabled()).toBe(true);
    await fileInput.setInputFiles({ name: 'park.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await textShows(page, 'park.png');
    const thumbnail = page.locator('img.city-file__preview');
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
    expect(world.troubleOf(page).cspViolations).toEqual([]);
  });
});

/** How far (in CSS pixels, up or down) the control pressed moved between the press and its click. */
interface TapShift {
  pressed?: Element;
  top?: number;
  moved?: number;
}

/**
 * Leaves `invalid` with `value` (its error is shown from then on) by tapping `target` at once, as a
 * thumb does; answers how far the control under the finger moved between the press and the click
 * (0: the error did not push it away).
 */
async function tapAfterInvalid(page: Page, invalid: Locator, value: string, target: Locator): Promise<number | undefined> {
  await invalid.fill(value);
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const shift: TapShift = {};
    (window as unknown as { tapShift: TapShift }).tapShift = shift;
    document.addEventListener(
      'pointerdown',
      (event) => {
        if (!(event.target instanceof Element)) return;
        shift.pressed = event.target;
        shift.top = event.target.getBoundingClientRect().top;
      },
      { capture: true, once: true },
    );
    // Capturing: measured before the click's own handlers (and whatever they show) run.
    window.addEventListener(
      'click',
      () => {
        if (shift.pressed !== undefined && shift.top !== undefined) shift.moved = shift.pressed.getBoundingClientRect().top - shift.top;
      },
      { capture: true, once: true },
    );
  });
  await target.tap();
  return page.evaluate(() => (window as unknown as { tapShift: TapShift }).tapShift.moved);
}

describe('a tap right after an invalid answer', () => {
  it('chooses the option tapped on the course application (a 5-digit 受講券番号, then 講座)', async () => {
    const page = await signedIn();
    await page.goto('/survey/event-application');
    const option = page.getByRole('radio', { name: '健康体操' });
    expect(await tapAfterInvalid(page, field(page, '受講券番号'), '12345', option)).toBe(0);
    await expect.poll(() => option.isChecked()).toBe(true);
    // The error still shows, once the tap is done.
    await textShows(page, '6文字以上で入力してください');
  });

  // Each kind of control a tap activates, below an answer that has just become invalid: the
  // error appearing must not move the control from under the finger.
  const questionnaire = '/survey/citizen-questionnaire';
  const cases: { kind: string; survey: string; invalid: [title: string, value: string]; target: (page: Page) => Locator; done: (page: Page, target: Locator) => Promise<boolean> }[] = [
    {
      kind: 'radio',
      survey: questionnaire,
      invalid: ['世帯人数', 'abc'],
      target: (page) => page.getByRole('radio', { name: '満足', exact: true }),
      done: (_page, target) => target.isChecked(),
    },
    {
      kind: 'checkbox',
      survey: questionnaire,
      invalid: ['世帯人数', 'abc'],
      target: (page) => page.getByRole('checkbox', { name: '図書館' }),
      done: (_page, target) => target.isChecked(),
    },
    {
      kind: 'dropdown',
      survey: questionnaire,
      invalid: ['世帯人数', 'abc'],
      target: (page) => field(page, 'お住まいの地区'),
      done: (_page, target) => target.evaluate((element) => document.activeElement === element),
    },
    {
      kind: 'birthday',
      survey: questionnaire,
      invalid: ['世帯人数', 'abc'],
      target: (page) => page.getByLabel('生年月日の年'),
      done: (_page, target) => target.evaluate((element) => document.activeElement === element),
    },
    {
      kind: 'date',
      survey: questionnaire,
      invalid: ['世帯人数', 'abc'],
      target: (page) => field(page, '最後に市役所を訪れた日'),
      done: (_page, target) => target.evaluate((element) => document.activeElement === element),
    },
    {
      kind: 'text',
      survey: questionnaire,
      invalid: ['電話番号', 'abc'],
      target: (page) => field(page, '郵便番号'),
      done: (_page, target) => target.evaluate((element) => document.activeElement === element),
    },
    {
      kind: 'textarea',
      survey: questionnaire,
      invalid: ['世帯人数', 'abc'],
      target: (page) => field(page, 'ご意見・ご要望'),
      done: (_page, target) => target.evaluate((element) => document.activeElement === element),
    },
    {
      kind: 'products',
      survey: '/survey/health-checkup',
      invalid: ['電話番号', 'abc'],
      target: (page) => page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }),
      done: async (page) => (await page.getByLabel('特定健診 受診料の数量').innerText()) === '1',
    },
    {
      kind: 'reservation',
      survey: '/survey/health-checkup',
      invalid: ['電話番号', 'abc'],
      target: (page) => page.getByRole('button', { name: '予約枠を選ぶ' }),
      done: async (page) => new URL(page.url()).pathname.startsWith('/calendar'),
    },
  ];
  for (const { kind, survey, invalid, target, done } of cases) {
    it(`does what the ${kind} tapped should`, async () => {
      const page = await signedIn();
      await page.goto(survey);
      const tapped = target(page);
      // Nothing moved under the finger, and the tap did what it should.
      expect(await tapAfterInvalid(page, field(page, invalid[0]), invalid[1], tapped)).toBe(0);
      await expect.poll(() => done(page, tapped)).toBe(true);
    });
  }

  it('opens the file chooser of a files item tapped', async () => {
    const page = await signedIn();
    await page.goto(questionnaire);
    const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
    expect(await tapAfterInvalid(page, field(page, '世帯人数'), 'abc', page.getByText('ファイルを選ぶ'))).toBe(0);
    expect(await chooser).toBeTruthy();
  });
});

describe('the week of slots', () => {
  it('shows how many places are left under ○ and △, and the number falls when someone books', async () => {
    const page = await signedIn(TEST_USERS.sato);
    // What a sighted citizen sees in the cell: the mark, and under it what is left.
    const cellText = async (meaning: string) => (await slotCell(page, quietDate, '4', meaning).locator('xpath=ancestor::td[1]').innerText()).replace(/\s+/g, '');
    const openWeek = async () => {
      await page.goto('/survey/health-checkup');
      await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
      await page.getByRole('button', { name: '中央保健センター' }).click();
      await page.waitForURL(/\/calendar\/cal-checkup-central$/);
    };
    await openWeek();
    await expect.poll(() => cellText('空きあり（残り5）')).toBe('○5');
    await textShows(page, '○・△の下の数字は残りの数');
    expect((await bookAndPayAs(world.baseUrl, TEST_USERS.yamada, { date: quietDate, slotId: '4' })).code).toBe('OK');
    await openWeek();
    await expect.poll(() => cellText('空きあり（残り4）')).toBe('○4');
  });
});

describe('the per-citizen booking limit', () => {
  it('is said on the form, among the venues and on the week (which then chooses nothing) before a slot is chosen', async () => {
    // 鈴木 holds the three bookings 中央保健センター allows a citizen.
    for (const slotId of ['1', '2', '3'] as const) {
      expect((await bookAndPayAs(world.baseUrl, TEST_USERS.suzuki, { date: quietDate, slotId })).code).toBe('OK');
    }
    const page = await signedIn(TEST_USERS.suzuki);
    await page.goto('/survey/health-checkup');
    const onForm = '次の場所では、お一人が予約できる件数の上限に達しているため、新しく予約できません（中央保健センター：お一人3件まで）。';
    await textShows(page, onForm);
    await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await page.waitForURL(/\/calendar$/);
    await textShows(page, onForm);
    await page.getByRole('button', { name: '中央保健センター' }).click();
    await page.waitForURL(/\/calendar\/cal-checkup-central$/);
    await textShows(page, 'ここでは、お一人3件まで予約できます。すでに3件のご予約があるため、新しく予約できません。');
    const open = page.getByRole('button', { name: new RegExp(`^${formatSlotDate(quietDate)}${TIMES['4']} 空きあり`) });
    await expect.poll(() => open.isDisabled()).toBe(true);
    // Another venue has no such limit reached.
    await page.getByRole('link', { name: '場所を選び直す' }).click();
    await page.getByRole('button', { name: '北部公民館' }).click();
    await page.waitForURL(/\/calendar\/cal-checkup-north$/);
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`^${formatSlotDate(quietDate)}${TIMES['4']} 空きあり`) }).isEnabled()).toBe(true);
    expect(await page.getByText('新しく予約できません', { exact: false }).count()).toBe(0);
  });
});

describe('claiming a paper card', () => {
  it('reads the number typed in full-width lower case, and says how many digits a number needs when one is too many', async () => {
    const page = await signedIn(TEST_USERS.sato);
    const search = async (typed: string) => {
      await page.goto('/claim/library-card');
      await field(page, '会員番号').fill(typed);
      await page.getByLabel('生年月日の年').selectOption('1968');
      await page.getByLabel('生年月日の月').selectOption('7');
      await page.getByLabel('生年月日の日').selectOption('15');
      await page.getByRole('button', { name: '検索する' }).click();
    };
    // A zero too many (the number is LIB, then 8 digits).
    await search('ｌｉｂ００００００１８２');
    await textShows(page, '会員番号は「LIB」に続けて数字8桁です。入力された番号の数字は9桁です。');
    await search('ｌｉｂ０００００１８２');
    await textShows(page, '次の内容が見つかりました。');
    await textShows(page, '佐藤');
  });
});

describe('screens opened with nothing to show', () => {
  it('/completedPayment with a malformed or unknown id: one plain not-found screen, never 「お支払いを確認しています」', async () => {
    const page = await signedIn();
    for (const id of ['not-an-order', '0123456789abcdef0123456789abcdef']) {
      await page.goto(`/completedPayment/${id}`);
      await textShows(page, 'お支払いの情報が見つかりません');
      expect(await page.getByText('お支払いを確認しています').count()).toBe(0);
      expect(await page.getByText('送信内容の形式が正しくありません。').count()).toBe(0);
      expect(await page.getByRole('button', { name: '再読み込み' }).count()).toBe(0);
      await expect.poll(() => page.getByRole('link', { name: '送信した内容を確認する' }).isVisible()).toBe(true);
    }
  });

  it('/receipt with nothing sent: no success heading, and a way on', async () => {
    const page = await signedIn();
    await page.goto('/receipt');
    await textShows(page, '表示する受付がありません。');
    expect(await page.getByText('送信が完了しました').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('受付内容');
    await page.getByRole('link', { name: '送信した内容を確認する' }).click();
    await page.waitForURL(/\/confirmList$/);
  });

  it('/confirm opened directly: the same way back as /confirm/{id}', async () => {
    const page = await signedIn();
    await page.goto('/confirm/citizen-questionnaire');
    await expect.poll(() => page.getByRole('link', { name: 'アンケートに戻る' }).isVisible()).toBe(true);
    await page.goto('/confirm');
    await textShows(page, '確認する回答がありません。');
    await page.getByRole('link', { name: 'アンケート一覧へ' }).click();
    await page.waitForURL(/\/confirmSearchForm$/);
    await textShows(page, 'アンケート・申込みの確認');
  });

  it('an unknown survey: its configuration and records are asked for once each', async () => {
    const page = await signedIn();
    const asked: string[] = [];
    const listen = (request: Request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('/survey-configs/getItem') || pathname.endsWith('/survey-results/query')) asked.push(pathname.split('/').pop() ?? '');
    };
    page.on('request', listen);
    await page.goto('/survey/no-such-survey');
    await textShows(page, 'アンケートが見つかりません。');
    // Anything asked a second time would be on its way by now: wait for the page to settle.
    await page.waitForLoadState('networkidle');
    page.off('request', listen);
    expect(asked.sort()).toEqual(['getItem', 'query']);
  });
});

describe('a payment cancelled at the provider', () => {
  it('アンケートに戻ってやり直す opens the form with every answer but the payment kept', async () => {
    const page = await signedIn();
    await page.goto('/survey/health-checkup');
    await field(page, 'お名前').fill('山田 太郎');
    await field(page, '電話番号').fill('090-1234-5678');
    await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await page.getByRole('button', { name: '南部市民センター' }).click();
    await page.waitForURL(/\/calendar\/cal-checkup-south$/);
    await page.getByRole('button', { name: new RegExp(`^${formatSlotDate(quietDate)}${TIMES['2']} 空きあり`) }).click();
    await page.waitForURL(/\/survey\/health-checkup$/);
    await page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
    await field(page, 'ご要望').fill('車椅子で伺います。');
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/confirm\/health-checkup$/);
    await page.getByRole('button', { name: 'お支払いへ進む' }).click();
    await page.waitForURL(/\/__dev\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'キャンセルして戻る' }).click();
    await page.waitForURL(/\/canceledPayment\?order=/);
    await textShows(page, 'お支払いをキャンセルしました');

    await page.getByRole('button', { name: 'アンケートに戻ってやり直す' }).click();
    await page.waitForURL(/\/survey\/health-checkup$/);
    await expect.poll(() => field(page, 'お名前').inputValue()).toBe('山田 太郎');
    expect(await field(page, '電話番号').inputValue()).toBe('090-1234-5678');
    expect(await field(page, 'ご要望').inputValue()).toBe('車椅子で伺います。');
    await textShows(page, `選択中の予約枠: ${formatSlotDate(quietDate)}10:00〜11:00 南部市民センター`);
    expect(await page.getByLabel('特定健診 受診料の数量').innerText()).toBe('1');
    // A new answer (with a new payment), not a change of the one that was not booked.
    expect(await page.getByText('送信済みの内容を変更しています', { exact: false }).count()).toBe(0);
  });
});

describe('the 受付番号', () => {
  it('is in the list and the details, as on the receipt, where a citizen looks it up to phone the city hall', async () => {
    const page = await signedIn(TEST_USERS.sato);
    await page.goto('/survey/event-application');
    await field(page, '受講券番号').fill('300001');
    await page.getByLabel('生年月日の年').selectOption('1975');
    await page.getByLabel('生年月日の月').selectOption('5');
    await page.getByLabel('生年月日の日').selectOption('5');
    await page.getByRole('radio', { name: '料理教室' }).check();
    await page.getByRole('button', { name: '確認する' }).click();
    await page.getByRole('button', { name: '送信する' }).click();
    await page.waitForURL(/\/receipt$/);
    const receiptNumber = await page.getByTestId('receipt-number').innerText();
    expect(receiptNumber).toMatch(/^[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{4}$/);

    await page.getByRole('link', { name: '送信した内容を確認する' }).click();
    await page.waitForURL(/\/confirmList\/event-application$/);
    const record = page.getByRole('article').first();
    await expect.poll(() => record.innerText()).toMatch(new RegExp(`受付番号\\s+${receiptNumber}`));
    await record.getByRole('button', { name: '詳しく見る' }).click();
    await page.waitForURL(/\/confirmDetails$/);
    await expect.poll(() => page.locator('main').innerText()).toMatch(new RegExp(`受付番号\\s+${receiptNumber}`));
  });
});
