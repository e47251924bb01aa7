"use client";

import { param, useUrlFilters, type UrlFilters } from "@/components/ui/use-url-filters";
import { ZEnrollmentStatus } from "@/server/contracts/enrollments";

const READERS = { courseId: param.id, status: param.oneOf(ZEnrollmentStatus) };
export type EnrollmentFilters = UrlFilters<typeof READERS>;

/** The enrollments list's filters live in the URL (?courseId=&status=&page=). */
export const useEnrollmentFilters = () => useUrlFilters(READERS);
