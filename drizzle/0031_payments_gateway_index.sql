-- Custom migration: GET /payments filters by gateway (and status). The list's total is counted on
-- an index alone (an index-only scan) and its page walks one in order, whatever the tenant's size
-- (tests/integration/list-plans.test.ts): (tenant, gateway, status, created_at DESC, id DESC),
-- NULLS FIRST like the query's plain DESC. Kept out of server/db/schema/billing.ts on purpose (that
-- file belongs to the money schema change); move it there when the schema is next edited.
CREATE INDEX IF NOT EXISTS "payments_tenant_gateway_status_created_idx" ON "payments" USING btree ("tenant_id","gateway","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
