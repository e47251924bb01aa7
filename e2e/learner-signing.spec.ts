import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiToken, enrolledLearner, memberId, sstCourseId, tenantApi } from "./fixtures/api";
import { expectNoHorizontalScroll, screenshot, signIn } from "./fixtures/app";
import { tenantUrl } from "./fixtures/urls";

/**
 * Issue #10 item 8: a learner on a phone finds the session open for signing at the top of the
 * home page, signs its time slot with the PIN and sees "Signé"; the trainer's live screen, in a
 * browser whose clock is on UTC, prints the times in Paris time and shows that learner present.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "fr-FR" };
const LEARNER = { email: "learner.slots@acme.test", firstName: "Chloé", lastName: "Lambert" };
const paris = (at: number | string) => new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" }).format(new Date(at));
const parisDay = (at: number | string) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "Europe/Paris" }).format(new Date(at));
/** The header's hours: "22:10 – 23:40" on one day; across midnight in Paris, each day's part ("22:32–24:00", "00:00–00:02"). */
const hoursText = (from: number | string, to: number | string): string[] =>
  parisDay(from) === parisDay(to) ? [`${paris(from)} – ${paris(to)}`] : [`${paris(from)}–24:00`, `00:00–${paris(to)}`];
const utc = (at: number | string) => new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(new Date(at));

type Ids = { sessionId: string; title: string; scheduledAt: string; pin: string };
let ids: Ids;

/** A learner of the SST course, and an SST session starting in 20 seconds with one slot (FULL_SESSION), run by the demo trainer. */
test.beforeAll(async ({ request }) => {
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const courseId = await sstCourseId(admin);
  await enrolledLearner(admin, courseId, LEARNER);

  const trainerId = await memberId(admin, "trainer@acme.test");
  const title = `SST — créneaux ${new Date().toISOString().slice(11, 19)}`;
  const scheduledAt = new Date(Math.ceil((Date.now() + 20_000) / 1000) * 1000).toISOString();
  const created = await admin.post("/sessions", { courseId, title, description: "Signature par créneau.", scheduledAt, durationMinutes: 90, trainerIds: [trainerId] });
  expect(created.status(), await created.text()).toBe(201);
  const session = ((await created.json()) as { data: { id: string; attendancePin: string } }).data;
  const slots = await admin.post("/qualiopi/emargement/slots/generate", { sessionId: session.id, frequency: "FULL_SESSION" });
  expect(slots.status(), await slots.text()).toBe(201);
  const detail = await admin.get(`/sessions/${session.id}`);
  const pin = ((await detail.json()) as { data: { attendancePin: string } }).data.attendancePin;
  expect(pin).toMatch(/^\d{6}$/);
  ids = { sessionId: session.id, title, scheduledAt, pin };
});

async function context(browser: Browser, options: Parameters<Browser["newContext"]>[0]): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: tenantUrl("acme"), ...options });
  return ctx.newPage();
}


test("a learner signs the open slot from the home page on a phone; the trainer's screen (UTC clock) shows Paris time and the learner present", async ({ browser }) => {
  test.setTimeout(180_000);
  const { sessionId, title, scheduledAt, pin } = ids;

  // --- the learner, on a phone
  const learner = await context(browser, { ...PHONE, timezoneId: "UTC" });
  await signIn(learner, LEARNER.email);
  await expect(learner.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
  const now = learner.getByRole("region", { name: "À signer maintenant" });
  const card = now.getByRole("article", { name: title });
  // Signing opens 30 minutes before the start; the slot itself from its start (20 s after creation).
  await expect(card).toBeVisible();
  await expect(async () => {
    await learner.reload();
    await expect(card.getByRole("link", { name: /Signer ma présence/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // at the top: the "sign now" block comes before the course list
  const firstHeading = await learner.evaluate(() => document.querySelector("main h2")?.id ?? null);
  expect(firstHeading).toBe("sign-now-title");
  await expect(card).toContainText(paris(scheduledAt)); // slot times in Paris time, the phone's clock is UTC
  await expectNoHorizontalScroll(learner);
  await screenshot(learner, "learner-signing-home-phone");

  await card.getByRole("link", { name: /Signer ma présence/ }).click();
  await expect(learner.getByRole("heading", { level: 1, name: "Signer ma présence" })).toBeVisible();
  const current = learner.getByTestId("current-slot");
  await expect(current.getByRole("heading", { name: "Créneau en cours" })).toBeVisible();
  await expect(current).toContainText("Session complète");
  await expectNoHorizontalScroll(learner);
  await screenshot(learner, "learner-signing-slot-phone");
  const pad = learner.getByRole("group", { name: "Pavé numérique" });
  for (const d of pin) await pad.getByRole("button", { name: d, exact: true }).click();
  await learner.getByRole("button", { name: "Valider le code" }).click();
  await expect(learner.getByRole("heading", { name: "Présence enregistrée" })).toBeVisible();
  await expect(learner.getByRole("listitem").filter({ hasText: "Session complète" })).toContainText("Signé à");
  await screenshot(learner, "learner-signing-signed-phone");

  // back home: "Signé à hh:mm" in Paris time, no more "Signer ma présence" for that session
  await learner.goto("/");
  const signed = now.getByRole("article", { name: title });
  await expect(signed.getByTestId("signed-at")).toContainText(/Signé à \d\d:\d\d/);
  const shown = (await signed.getByTestId("signed-at").innerText()).match(/\d\d:\d\d/)![0];
  const t = Date.now();
  expect([paris(t), paris(t - 60_000), paris(t - 120_000)]).toContain(shown);
  await expect(signed.getByRole("link", { name: /Signer ma présence/ })).toHaveCount(0);
  await screenshot(learner, "learner-signing-home-signed-phone");
  // "Mes sessions" no longer offers to sign it either
  await learner.goto("/my-sessions");
  const mine = learner.getByRole("article", { name: title });
  await expect(mine.getByTestId("signed-at")).toContainText("Signé à");
  await expect(mine.getByRole("link", { name: /Signer ma présence/ })).toHaveCount(0);

  // --- the trainer, on a laptop whose clock is on UTC
  const trainer = await context(browser, { viewport: { width: 1280, height: 860 }, locale: "fr-FR", timezoneId: "UTC" });
  await signIn(trainer, "trainer@acme.test");
  await expect(trainer.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await trainer.goto(`/sessions/${sessionId}/live`);
  await expect(trainer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const header = trainer.locator("main .page-header").first();
  const start = paris(scheduledAt);
  for (const part of hoursText(scheduledAt, Date.parse(scheduledAt) + 90 * 60_000)) await expect(header).toContainText(part);
  expect(utc(scheduledAt)).not.toBe(start); // Paris is never on UTC in November… or in summer
  await expect(header).not.toContainText(`${utc(scheduledAt)} – `);
  // the roster: the learner among those present, with a presence word and the signing time in Paris time
  const roster = trainer.getByRole("region", { name: "Présences" });
  // (today's roster: the list "Apprenants présents"; the "status" helper relabels rows with the computed status)
  const row = roster.getByRole("list", { name: /présent/i }).getByRole("listitem").filter({ hasText: `${LEARNER.firstName} ${LEARNER.lastName}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(shown);

  // "Renvoyer le rappel": confirmation, then the number mailed
  await trainer.getByRole("button", { name: "Renvoyer le rappel" }).click();
  const dialog = trainer.getByRole("dialog", { name: "Renvoyer le rappel de signature ?" });
  await expect(dialog).toBeVisible();
  await screenshot(trainer, "learner-signing-trainer-reminder-confirm");
  await dialog.getByRole("button", { name: "Envoyer le rappel" }).click();
  await expect(trainer.getByTestId("reminder-result")).toContainText(/Rappel envoyé à \d+ apprenants?\.|Tout le monde a déjà signé/);
  await screenshot(trainer, "learner-signing-trainer-utc");

  // the same screen on a phone, still UTC
  const trainerPhone = await context(browser, { ...PHONE, timezoneId: "UTC" });
  await signIn(trainerPhone, "trainer@acme.test");
  await expect(trainerPhone.getByRole("button", { name: "Ouvrir le menu" })).toBeVisible();
  await trainerPhone.goto(`/sessions/${sessionId}/live`);
  await expect(trainerPhone.getByRole("heading", { level: 1, name: title })).toBeVisible();
  for (const part of hoursText(scheduledAt, Date.parse(scheduledAt) + 90 * 60_000)) await expect(trainerPhone.locator("main .page-header").first()).toContainText(part);
  await expectNoHorizontalScroll(trainerPhone);
  await screenshot(trainerPhone, "learner-signing-trainer-phone");
});

/** A Paris wall-clock reading of an instant: date "YYYY-MM-DD" and minutes since midnight. */
function parisClock(at: number): { date: string; minutes: number } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const addDays = (date: string, n: number) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * Issue #23: a session over three days. The phone's clock reads its last day, 10:00 — long past
 * scheduledAt + durationMinutes + 2 h, the rule the screens used to apply on their own, which then
 * said "closed" while the server accepted. The screens now show the server's signingOpen: the
 * server's clock is inside the window (the first range starts in a few minutes), so "Signer ma
 * présence" is offered, on "Mes sessions" and on "Signer ma présence".
 */
test("a session over several days shows signing open on a phone: the screens show the server's window, not the device's arithmetic", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const courseId = await sstCourseId(admin);
  const trainerId = await memberId(admin, "trainer@acme.test");
  let first = parisClock(Date.now() + 3 * 60_000);
  // A range starts and ends on one day: just before midnight, the first range is tomorrow 00:01,
  // whose signing window opened at 23:31, so it is open now too.
  if (first.minutes > 23 * 60 + 50) first = { date: addDays(first.date, 1), minutes: 0 };
  const start = first.minutes + 1;
  const title = `SST — trois jours ${new Date().toISOString().slice(11, 19)}`;
  const days = [
    { date: first.date, ranges: [{ start: hhmm(start), end: hhmm(Math.min(start + 40, 23 * 60 + 59)) }] },
    ...[1, 2].map((n) => ({ date: addDays(first.date, n), ranges: [{ start: "09:00", end: "12:30" }, { start: "13:30", end: "17:00" }] })),
  ];
  const created = await admin.post("/sessions", { courseId, title, description: "Trois journées, une signature par demi-journée.", schedule: days, trainerIds: [trainerId], deliveryMode: "REMOTE" });
  expect(created.status(), await created.text()).toBe(201);
  const session = ((await created.json()) as { data: { id: string; scheduledAt: string; durationMinutes: number; signingOpen: boolean; signingClosesAt: string; endsAt: string } }).data;
  expect(session.signingOpen).toBe(true);
  const slots = await admin.get(`/qualiopi/emargement/slots/${session.id}`);
  const lastDayMorning = ((await slots.json()) as { data: { startsAt: string }[] }).data[3]!.startsAt;
  const deviceNow = Date.parse(lastDayMorning) + 60 * 60_000;
  // what the screens used to compute: closed at this device time
  expect(Date.parse(session.scheduledAt) + session.durationMinutes * 60_000 + 2 * 3600_000).toBeLessThan(deviceNow);
  expect(Date.parse(session.signingClosesAt)).toBeGreaterThan(deviceNow);

  for (const [name, options] of [
    ["phone", PHONE],
    ["desktop", { viewport: { width: 1280, height: 860 }, locale: "fr-FR" }],
  ] as const) {
    const learner = await context(browser, { ...options, timezoneId: "Europe/Paris" });
    await signIn(learner, LEARNER.email);
    await expect(learner.getByRole("heading", { level: 1, name: "Mes formations" })).toBeVisible();
    await learner.clock.setFixedTime(deviceNow);
    await learner.goto("/my-sessions");
    const card = learner.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText("09:00–12:30"); // the schedule over its days
    await expect(card.getByRole("link", { name: /Signer ma présence/ })).toBeVisible();
    await expect(card).not.toContainText("Signature ouverte à partir");
    await expectNoHorizontalScroll(learner);
    await screenshot(learner, `learner-signing-multiday-my-sessions-${name}`);

    await learner.goto("/sign-attendance");
    const open = learner.getByRole("article", { name: title });
    await expect(open.getByRole("link", { name: /Signer ma présence/ })).toBeVisible();
    await expectNoHorizontalScroll(learner);
    await screenshot(learner, `learner-signing-multiday-open-${name}`);
    await learner.context().close();
  }
});
