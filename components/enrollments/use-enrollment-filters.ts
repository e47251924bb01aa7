"use client";

import { param, useUrlFilters } from "@/components/ui/use-url-filters";
import { ZEnrollmentStatus } from "@/server/contracts/enrollments";

const READERS = { courseId: param.id, status: param.oneOf(ZEnrollmentStatus) };

/** The enrollments list's filters live in the URL (?courseId=&status=&page=). */
export const useEnrollmentFilters = () => useUrlFilters(READERS);
