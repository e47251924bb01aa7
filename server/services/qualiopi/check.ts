import type { DbOrTx } from "../../db";
import type { Caller } from "../../auth/caller";
import type { TPublicationCheck } from "../../contracts/courses";
import { unprocessable } from "../../errors";
import { getOwnedCourse } from "../courses/access";
import { loadPublicationFacts, publicationCheck } from "../courses/qualiopi";

/**
 * GET /qualiopi/check-publication: the publication rules of courses/qualiopi.ts (the ones POST
 * /publish applies through assertPublishable), for the course's owner or an ADMIN.
 */
export async function checkPublication(db: DbOrTx, caller: Caller, courseId: string | undefined, now: Date): Promise<TPublicationCheck> {
  if (!courseId?.trim()) throw unprocessable("courseId is required", { courseId: ["Required"] });
  const course = await getOwnedCourse(db, caller, courseId);
  return publicationCheck(await loadPublicationFacts(db, caller.scope, course, now));
}
