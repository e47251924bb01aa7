import { describe, expect, it } from "vitest";
import { CELL_PATTERN } from "../../server/contracts/bpf";
import { hoursOf, parseRows, units, yearBounds } from "../../server/services/bpf/compute";

describe("BPF helpers", () => {
  it("the exercise is the calendar year in the tenant's zone", () => {
    expect(yearBounds(2021, "Europe/Paris")).toEqual({ start: new Date("2020-12-31T23:00:00Z"), end: new Date("2021-12-31T23:00:00Z") });
    expect(yearBounds(2021, "UTC")).toEqual({ start: new Date("2021-01-01T00:00:00Z"), end: new Date("2022-01-01T00:00:00Z") });
  });

  it("cents and minutes become 2-decimal units and hours", () => {
    expect(units(123_456)).toBe(1234.56);
    expect(units(-20_000)).toBe(-200);
    expect(hoursOf(390)).toBe(6.5);
    expect(hoursOf(100)).toBe(1.67);
  });

  it("parses the stored tab-separated rows, empty cells as null (a version-1 snapshot without sub and all columns too)", () => {
    const rows = parseRows({
      trainees: "enr_1\tusr_1\tcrs_1\tSAL\tOPCO\ta\t360\t100000\nenr_2\tusr_2\tcrs_1\t\tEMPLOYER\t\t240.5\t0",
      invoices: "inv_1\tFAC-2021-000001\tCREDIT_NOTE\tLumière SA\t1\temployer\t\t2021-08-01T10:00:00.000Z\t-20000\ninv_2\t\tINVOICE\tFrance Travail\t8\t\t\t2021-10-01T10:00:00.000Z\t10000",
    });
    expect(rows.trainees).toEqual([
      { e: "enr_1", u: "usr_1", c: "crs_1", cat: "SAL", fin: "OPCO", f1: "a", min: 360, amt: 100000, sub: null },
      { e: "enr_2", u: "usr_2", c: "crs_1", cat: null, fin: "EMPLOYER", f1: null, min: 240.5, amt: 0, sub: null },
    ]);
    expect(rows.invoices[0]).toEqual({ i: "inv_1", n: "FAC-2021-000001", k: "CREDIT_NOTE", cl: "Lumière SA", line: "1", src: "employer", e: null, at: "2021-08-01T10:00:00.000Z", amt: -20000, all: -20000 });
    expect(rows.invoices[1]).toMatchObject({ n: null, src: null, line: "8" });
    expect(parseRows({ trainees: "", invoices: "" })).toEqual({ trainees: [], invoices: [] });
    // Version 2: the subcontracting of the enrollment, the whole HT of the invoice besides its training HT.
    const v2 = parseRows({ trainees: "enr_3\tusr_3\tcrs_2\tDE\tPOLE_EMPLOI\tc\t420\t60000\tRECEIVED", invoices: "inv_3\tFAC-1\tINVOICE\tACME\t10\tpoleEmploi\tenr_3\t2025-10-14T16:00:00.000Z\t60000\t85000" });
    expect(v2.trainees[0]).toMatchObject({ sub: "RECEIVED", min: 420 });
    expect(v2.invoices[0]).toMatchObject({ line: "10", amt: 60000, all: 85000 });
  });

  it("names every drill-down cell", () => {
    for (const c of ["trainees", "hours", "revenue", "anomalies", "category-NONE", "f1-e", "c-1", "c-2", "c-2h", "c-11", "financing-poleEmploi", "financing-unknown"]) expect(CELL_PATTERN.test(c), c).toBe(true);
    for (const c of ["c-12", "c-2i", "category-X", "f1-f", "financing-other", "c:1"]) expect(CELL_PATTERN.test(c), c).toBe(false);
  });
});
