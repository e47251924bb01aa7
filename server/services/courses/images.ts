import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { courses, media } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { logActivity } from "../activity/log";
import { getOwnedCourse } from "./access";
import { serializeCourse } from "./serialize";
import type { Caller } from "../../auth/caller";

export type CourseImageSlot = "banner" | "featured";

/**
 * PATCH /courses/{id}/images/{slot}/reference: links an IMAGE media of the tenant (404 when
 * absent or another tenant's, 400 when not an image), or unlinks with null. Owner only.
 */
export async function setCourseImage(db: Db, caller: Caller, courseId: string, slot: CourseImageSlot, mediaId: string | null, now: Date) {
  const { scope } = caller;
  return db.transaction(async (tx) => {
    const course = await getOwnedCourse(tx, caller, courseId, { forUpdate: true });
    if (mediaId) {
      const [m] = await tx.select({ kind: media.kind }).from(media).where(scope.where(media, eq(media.id, mediaId))).limit(1);
      if (!m) throw notFound("Media");
      if (m.kind !== "IMAGE") throw badRequest("Media is not an image", { mediaId: ["Media is not an image"] });
    }
    const column = slot === "banner" ? { bannerMediaId: mediaId } : { featuredMediaId: mediaId };
    const [row] = await tx
      .update(courses)
      .set({ ...column, updatedAt: now })
      .where(scope.where(courses, eq(courses.id, course.id)))
      .returning();
    await logActivity(tx, scope, { userId: caller.userId, action: "course.updated", courseId: course.id, metadata: { fields: [slot === "banner" ? "bannerMediaId" : "featuredMediaId"] } }, now);
    return serializeCourse(row!);
  });
}
