"use client";

import { param, useUrlFilters, type UrlFilters } from "@/components/ui/use-url-filters";
import { ZEnrollmentStatus } from "@/server/contracts/enrollments";

const READERS = { q: param.text, courseId: param.id, status: param.oneOf(ZEnrollmentStatus) };
export type LearnerFilters = UrlFilters<typeof READERS>;

/** The learners list's filters live in the URL (?q=&courseId=&status=&page=). */
export const useLearnerFilters = () => useUrlFilters(READERS);
