import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { SignJWT } from "jose";
import { screenshot, signIn } from "./fixtures/app";
import { apiToken, sstCourseId, tenantApi } from "./fixtures/api";
import { ROOT_URL } from "./fixtures/urls";

/** The LiveKit key pair the web server runs with (playwright.config.ts). */
const LIVEKIT = { apiKey: process.env.LIVEKIT_API_KEY ?? "APIe2eKey", apiSecret: process.env.LIVEKIT_API_SECRET ?? "e2e-livekit-secret-0123456789abcdefghijk" };

/** Posts an egress_ended event for `roomName` the way LiveKit's server does (signed JWT with the body's sha256). */
async function postEgressEnded(request: import("@playwright/test").APIRequestContext, roomName: string, file: { location: string; seconds: number; size: number }) {
  const ended = BigInt(Date.now()) * 1_000_000n;
  const duration = BigInt(file.seconds) * 1_000_000_000n;
  const body = JSON.stringify({
    event: "egress_ended",
    egressInfo: {
      egressId: `EG_e2e${Date.now()}`,
      roomName,
      status: "EGRESS_COMPLETE",
      fileResults: [{ filename: "recording.mp4", startedAt: String(ended - duration), endedAt: String(ended), duration: String(duration), size: String(file.size), location: file.location }],
    },
    id: `EV_e2e${Date.now()}`,
    createdAt: String(Math.floor(Date.now() / 1000)),
  });
  const token = await new SignJWT({ sha256: createHash("sha256").update(body).digest("base64") })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(LIVEKIT.apiKey)
    .setNotBefore(Math.floor(Date.now() / 1000))
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(LIVEKIT.apiSecret));
  const res = await request.post(`${ROOT_URL}/api/v1/media/livekit/webhook`, { headers: { "Content-Type": "application/webhook+json", Authorization: token }, data: body });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { action: string } }).data;
}

test("a recording posted by the media server's egress webhook shows on the session page (desktop and phone)", async ({ page, request }) => {
  const call = tenantApi(request, await apiToken(request, "acme", "admin@acme.test"));
  const courseId = await sstCourseId(call);
  const trainer = ((await (await call.get("/users", { q: "trainer@acme.test", limit: 5 })).json()) as { data: { id: string; email: string }[] }).data.find((u) => u.email === "trainer@acme.test")!;
  const created = await call.post("/sessions", {
    courseId,
    title: "Classe virtuelle enregistrée",
    description: "Session enregistrée pour les absents.",
    scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
    durationMinutes: 60,
    recordingEnabled: true,
    trainerIds: [trainer.id],
  });
  expect(created.status(), await created.text()).toBe(201);
  const session = ((await created.json()) as { data: { id: string; mediaRoomName: string } }).data;
  expect(await postEgressEnded(request, session.mediaRoomName, { location: "https://media.example.test/recordings/classe.mp4", seconds: 1834, size: 52_428_800 })).toMatchObject({ action: "RECORDED" });

  await signIn(page, "admin@acme.test");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await page.goto(`/sessions/${session.id}`);
  const section = page.getByRole("region", { name: "Enregistrements" });
  const link = section.getByRole("link", { name: /^Enregistrement 1 — / });
  await expect(link).toHaveAttribute("href", "https://media.example.test/recordings/classe.mp4");
  await expect(section).toContainText("31 min · 50 Mo");
  await screenshot(page, "recordings-desktop");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(section.getByRole("link", { name: /^Enregistrement 1 — / })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "recordings-phone");
});
