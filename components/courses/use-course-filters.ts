"use client";

import { param, useUrlFilters, type UrlFilters } from "@/components/ui/use-url-filters";
import { ZCourseStatus } from "@/server/contracts/courses";

const READERS = { status: param.oneOf(ZCourseStatus), q: param.text };
export type CourseFilters = UrlFilters<typeof READERS>;

/** The course list's filters live in the URL (?status=&q=&page=). */
export const useCourseFilters = () => useUrlFilters(READERS);
