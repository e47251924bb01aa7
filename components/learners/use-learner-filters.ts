"use client";

import { param, useUrlFilters } from "@/components/ui/use-url-filters";
import { ZEnrollmentStatus } from "@/server/contracts/enrollments";

const READERS = { q: param.text, courseId: param.id, status: param.oneOf(ZEnrollmentStatus) };

/** The learners list's filters live in the URL (?q=&courseId=&status=&page=). */
export const useLearnerFilters = () => useUrlFilters(READERS);
