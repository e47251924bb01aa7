import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/api/openapi";
import { EVENT_DATA, EVENT_NAMES } from "../../server/contracts/events";

type Json = Record<string, any>;
const doc = openApiDocument() as Json;

/** Resolves the document's local $refs so a schema can be compiled alone. */
function validatorFor(ref: string) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "doc", components: doc.components }, "doc");
  return ajv.compile({ $ref: `doc${ref}` });
}

const sample = {
  id: "evt_aaaaaaaaaaaaaaaaaaaaaaaa",
  event: "enrollment.created",
  tenantId: "ten_aaaaaaaaaaaaaaaaaaaaaaaa",
  createdAt: "2026-11-23T09:00:00.000Z",
  data: {
    enrollmentId: "enr_1",
    courseId: "crs_1",
    userId: "usr_1",
    courseTitle: "SST",
    userName: "Léa Martin",
    enrolledAt: "2026-11-23T09:00:00.000Z",
  },
};

describe("OpenAPI 3.1 webhooks: the 14 events", () => {
  it("is an OpenAPI 3.1 document with exactly the 14 event names under `webhooks`", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_NAMES].sort());
    expect(EVENT_NAMES).toHaveLength(14);
  });

  it.each(EVENT_NAMES)("%s: a POST with the signature header, the envelope body and a 200 explaining retries", (event) => {
    const op = doc.webhooks[event].post;
    expect(op.summary).toContain(event);
    const signature = op.parameters.find((p: Json) => p.name === "X-Platform-Signature");
    expect(signature).toMatchObject({ in: "header", required: true, schema: { pattern: "^[0-9a-f]{64}$" } });
    expect(signature.description).toMatch(/HMAC-SHA256 of the raw request body/);
    const ref = op.requestBody.content["application/json"].schema.$ref as string;
    const envelope = doc.components.schemas[ref.split("/").pop()!];
    expect(envelope.required).toEqual(["id", "event", "tenantId", "createdAt", "data"]);
    expect(envelope.properties.event.const).toBe(event);
    // the data schema is the contract's, field for field
    const data = doc.components.schemas[(envelope.properties.data.$ref as string).split("/").pop()!];
    expect(Object.keys(data.properties).sort()).toEqual(Object.keys(EVENT_DATA[event].shape).sort());
    expect(data.additionalProperties).toBe(false);
    expect(op.responses["200"].description).toMatch(/1, 5 and 30 minutes/);
    expect(op.responses["200"].description).toMatch(/any 2xx/i);
  });

  it("enrollment.created's data holds exactly the spec's fields", () => {
    const data = doc.components.schemas.EnrollmentCreatedEventData;
    expect(Object.keys(data.properties).sort()).toEqual(["courseId", "courseTitle", "enrolledAt", "enrollmentId", "userId", "userName"]);
    expect(data.required.sort()).toEqual(["courseId", "courseTitle", "enrolledAt", "enrollmentId", "userId", "userName"]);
  });

  it("the documented envelope accepts a real payload and refuses a wrong one", () => {
    const validate = validatorFor("#/components/schemas/EnrollmentCreatedEvent");
    expect(validate(sample)).toBe(true);
    expect(validate({ ...sample, data: { ...sample.data, userName: undefined } })).toBe(false);
    expect(validate({ ...sample, event: "enrollment.completed" })).toBe(false);
    expect(validate({ ...sample, data: { ...sample.data, extra: 1 } })).toBe(false);
  });
});
